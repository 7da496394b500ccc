import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../http/types.js';
import { publicRoute } from '../../http/route.js';
import { preflight } from './resolver.answer.js';
import { DOCUMENTED_FORMS, paramsOf } from './resolver.forms.js';

/** OPTIONS of a Digital Link (CORS preflight): the `/01/*` fallback, then each documented form. */
export function resolverPreflightRoutes(app: App) {
  const options = async (request: FastifyRequest, reply: FastifyReply) =>
    preflight(app, reply, request.url.split('?')[0]);
  app.options(
    '/01/*',
    publicRoute(
      'CORS preflight of the resolver, sent by browsers before they call it',
      { hide: true },
      { rateLimit: 'public' },
    ),
    options,
  );
  for (const form of DOCUMENTED_FORMS) {
    app.options(
      form.url,
      publicRoute(
        'CORS preflight of the resolver, sent by browsers before they call it',
        {
          operationId: `resolveDigitalLink${form.id}Options`,
          tags: ['resolver'],
          summary: 'Methods of the resolver (CORS preflight)',
          description:
            'CORS preflight: any origin may call the resolver with GET or HEAD and an Accept header. A Link header points to the linkset.',
          params: paramsOf(form.params),
          response: {
            204: {
              description: 'No content; Allow, Link and the Access-Control-* headers list what is allowed',
              type: 'null',
            },
          },
        },
        { rateLimit: 'public' },
      ),
      options,
    );
  }
}
