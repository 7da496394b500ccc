import { Type } from 'typebox';
import type { App } from '../../http/types.js';
import { blobKey, blobStore, findFile } from '../files/index.js';
import { page } from './redirect.fns.js';
import { publicRoute } from '../../http/route.js';
import {
  disposition,
  livePageTarget,
  notFoundPage,
  Params,
  type ContentPageRouteOptions,
} from './content-downloads.shared.js';

/** The file of a PDF page. */
export function contentFileRoutes(app: App, opts: ContentPageRouteOptions) {
  const { db, config } = app.deps;
  const store = blobStore(config);
  const live = livePageTarget(app, opts);

  app.get(
    '/r/:short_code/file',
    publicRoute(
      'a hosted content page, opened by phones that scanned the code',
      {
        operationId: 'contentPageFile',
        tags: ['redirect'],
        summary: 'The file of a hosted PDF page',
        description:
          'The uploaded PDF a dynamic pdf code shows, inline, as `application/pdf` with `X-Content-Type-Options: nosniff` (only files starting with `%PDF-` are stored). No scan is recorded.',
        params: Params,
        response: {
          200: {
            description: 'The file',
            content: { 'application/pdf': { schema: Type.String({ format: 'binary' }) } },
          },
          404: notFoundPage,
          410: notFoundPage,
        },
      },
      { rateLimit: 'public', htmlErrors: true },
    ),
    async (request, reply) => {
      const target = await live(request, reply, 'pdf');
      if (!target) return reply;
      const row = await findFile(db, target.workspaceId, String(target.page!.content.file_id));
      const blob = row ? await store.open(blobKey(row)) : null;
      if (!row || !blob) {
        return reply.code(404).type('text/html; charset=utf-8').send(page('not_found').html);
      }
      // Served from the dashboard's origin, so never sniffed into a document of it (only `%PDF-`
      // files are stored). No CSP `sandbox`: Chromium will not start its PDF viewer in a sandboxed
      // document, and most visitors would see "blocked" (docs/decisions.md D55).
      return reply
        .type(row.content_type)
        .header('x-content-type-options', 'nosniff')
        .header('content-length', blob.size)
        .header('content-disposition', disposition('inline', row.name))
        .send(blob.stream as unknown as string); // Fastify pipes a stream; the schema types the body as text
    },
  );
}
