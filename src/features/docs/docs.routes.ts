import { Type } from 'typebox';
import type { App } from '../../http/types.js';
import { ERROR_TYPES, notFound, type ErrorTypeName } from '../../http/errors.js';
import { errorPage, referencePage, versioningPage } from './docs.pages.js';

const hidden = { hide: true } as const;
const publicRoute = { auth: false, rateLimit: 'public' } as const;

export default async function docsRoutes(app: App) {
  const { config } = app.deps;
  // Served under the path of DOCS_URL so that every problem `type` address is a real page (D3, D10).
  const docsPath = new URL(config.docsUrl).pathname.replace(/\/+$/, '');

  app.get('/openapi.json', { config: publicRoute, schema: hidden }, async () => app.swagger());

  app.get(docsPath || '/docs', { config: publicRoute, schema: hidden }, async (_req, reply) =>
    reply.type('text/html; charset=utf-8').send(referencePage(app.swagger() as never, config.docsUrl)));

  app.get(`${docsPath}/errors/:type`, { config: publicRoute, schema: { ...hidden, params: Type.Object({ type: Type.String() }) } }, async (req, reply) => {
    const type = req.params.type as ErrorTypeName;
    if (!Object.hasOwn(ERROR_TYPES, type)) throw notFound('Error type');
    return reply.type('text/html; charset=utf-8').send(errorPage(type));
  });

  app.get(`${docsPath}/api/versioning`, { config: publicRoute, schema: hidden }, async (_req, reply) =>
    reply.type('text/html; charset=utf-8').send(versioningPage(config.version)));
}
