import { Type } from 'typebox';
import Fastify from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../http/types.js';
import { ERROR_TYPES, notFound, type ErrorTypeName } from '../../http/errors.js';
import { errorPage, notFoundPage, referencePage, referenceScript, versioningPage } from './docs.pages.js';
import { publicRoute } from '../../http/route.js';
import { etagMatches, etagOf } from '../../http/etag.js';

const hidden = { hide: true } as const;
// The reference page runs only our own script files: no inline script, no other origin.
const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * Scalar's Fastify plugin, imported on first use: it costs about 0.1 s to load, and only the
 * reference script needs it.
 */
const loadScalar = () => import('@scalar/fastify-api-reference');

/**
 * Scalar's standalone renderer as its Fastify plugin ships it, read once from the plugin itself.
 * A server reads it before it takes traffic (`warmUp` in src/app.ts): read on the first request,
 * it held that request 1.1 s longer than the next (test/http/first-call.test.ts).
 */
let scalarScript: Promise<Buffer> | undefined;
export function loadScalarScript(): Promise<Buffer> {
  scalarScript ??= (async () => {
    const { default: scalar } = await loadScalar();
    const donor = Fastify({ logger: false });
    await donor.register(scalar, { routePrefix: '/reference', configuration: { url: '/openapi.json' } });
    const res = await donor.inject({ method: 'GET', url: '/reference/js/scalar.js' });
    await donor.close();
    if (res.statusCode !== 200) throw new Error(`Scalar script not available (${res.statusCode})`);
    // Kept as bytes: sent as a 3 MB string, every answer encoded it again and left as much garbage.
    return res.rawPayload;
  })();
  return scalarScript;
}

const wantsHtml = (request: FastifyRequest) => /text\/html/.test(String(request.headers.accept ?? ''));
const html = (reply: FastifyReply) =>
  reply.type('text/html; charset=utf-8').header('content-security-policy', DOCS_CSP);

export default async function docsRoutes(app: App) {
  const { config } = app.deps;
  // Served under the path of DOCS_URL so that every problem `type` address is a real page (docs/decisions.md D3, D10).
  const docsPath = new URL(config.docsUrl).pathname.replace(/\/+$/, '') || '/docs';

  // The document (about 2 MB) is fixed once the routes are registered: serialized once, with an
  // ETag, so that a client holding it (the dashboard's passport editor, the reference page) asks
  // again with If-None-Match and gets a 304 without a body. Measured on an idle 2-core machine, a
  // brotli answer took 32-62 ms serialized on every request, 18-28 ms this way, and a 304 2-5 ms.
  let document: { body: string; etag: string } | undefined;
  app.get(
    '/openapi.json',
    publicRoute('the public API reference and its problem-type pages', hidden, { rateLimit: 'public' }),
    async (request, reply) => {
      if (!document) {
        const body = JSON.stringify(app.swagger());
        document = { body, etag: etagOf(body) };
      }
      reply.header('etag', document.etag).header('cache-control', 'no-cache');
      if (etagMatches(request.headers['if-none-match'], document.etag)) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(document.body);
    },
  );

  app.get(
    docsPath,
    publicRoute('the public API reference and its problem-type pages', hidden, { rateLimit: 'public' }),
    async (_req, reply) => html(reply).send(referencePage(docsPath)),
  );

  app.get(
    `${docsPath}/assets/scalar.js`,
    publicRoute('the public API reference and its problem-type pages', hidden, { rateLimit: 'public' }),
    async (_req, reply) =>
      reply
        .type('application/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(await loadScalarScript()),
  );

  app.get(
    `${docsPath}/assets/reference.js`,
    publicRoute('the public API reference and its problem-type pages', hidden, { rateLimit: 'public' }),
    async (_req, reply) =>
      reply
        .type('application/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(referenceScript()),
  );

  app.get(
    `${docsPath}/errors/:type`,
    publicRoute(
      'the public API reference and its problem-type pages',
      { ...hidden, params: Type.Object({ type: Type.String() }) },
      { rateLimit: 'public' },
    ),
    async (req, reply) => {
      const type = req.params.type as ErrorTypeName;
      if (!Object.hasOwn(ERROR_TYPES, type)) {
        // A person following a link gets a page; an API client the usual problem document.
        if (wantsHtml(req))
          return html(reply)
            .code(404)
            .send(notFoundPage(`There is no error type "${type}".`));
        throw notFound('Error type');
      }
      return html(reply).send(errorPage(type));
    },
  );

  app.get(
    `${docsPath}/api/versioning`,
    publicRoute('the public API reference and its problem-type pages', hidden, { rateLimit: 'public' }),
    async (_req, reply) => html(reply).send(versioningPage(config.version)),
  );
}
