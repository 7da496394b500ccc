import type { App } from '../../http/types.js';
import { publicRoute } from '../../http/route.js';
import { resolverDescription } from './dpp.linkset.js';
import { ResolverDescriptionSchema } from './dpp.schemas.js';
import { cors } from './resolver.answer.js';

/** /.well-known/gs1resolver: what this resolver supports, for GS1 clients. */
export function resolverDescriptionRoutes(app: App) {
  const { config } = app.deps;
  app.get(
    '/.well-known/gs1resolver',
    publicRoute(
      'the resolver description document GS1 clients read',
      {
        operationId: 'getResolverDescription',
        tags: ['resolver'],
        summary: 'GS1 resolver description document',
        description:
          'What this resolver supports (GS1-Conformant Resolver description file): its root, primary keys (as numeric AIs), link type vocabulary and JSON-LD context.',
        response: {
          200: {
            description: 'Resolver description',
            content: { 'application/json': { schema: ResolverDescriptionSchema } },
          },
        },
      },
      { rateLimit: 'public' },
    ),
    async (_request, reply) =>
      cors(reply)
        .header('cache-control', 'public, max-age=3600')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(resolverDescription({ name: 'qrs resolver', resolverRoot: config.baseUrl }))),
  );
}
