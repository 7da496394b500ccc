import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../http/types.js';
import { vcardPayload, type VcardContent } from '../../qr/payloads.js';
import { ANY_SHORT_CODE } from '../codes/index.js';
import { blobKey, blobStore, findFile } from '../files/index.js';
import { databaseLogoStore } from '../brand/index.js';
import type { EventContent } from '../codes/index.js';
import { eventIcs } from './event-ics.js';
import type { RedirectTarget } from './redirect-cache.js';
import { decide, page, pageOf } from './redirect.fns.js';
import { publicRoute } from '../../http/route.js';

export interface ContentPageRouteOptions {
  lookup(request: FastifyRequest, shortCode: string, nowMs: number): Promise<RedirectTarget | null>;
}

const Params = Type.Object({ short_code: Type.String({ maxLength: 64 }) });
const notFoundPage = {
  description: 'HTML page: no live content code of that kind under this short code.',
  content: { 'text/html': { schema: Type.String() } },
};

/** RFC 6266: an ASCII fallback and the exact name in UTF-8, so no name can break the header. */
function disposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The downloads a content page links to: a vCard page's `.vcf` and a PDF page's file. They answer
 * exactly when the page itself would (live, same host scope) and record no scan: the page view
 * that led here was the scan.
 */
export default async function contentPageRoutes(app: App, opts: ContentPageRouteOptions) {
  const { clock, db, config } = app.deps;
  const store = blobStore(config);
  const logos = databaseLogoStore(db);

  async function live(request: FastifyRequest, reply: FastifyReply, type: string) {
    const shortCode = (request.params as { short_code: string }).short_code;
    const nowMs = clock.now().getTime();
    const target = ANY_SHORT_CODE.test(shortCode) ? await opts.lookup(request, shortCode, nowMs) : null;
    reply.header('cache-control', 'no-store');
    if (target?.page?.type === type && target.passwordHash === null && decide(target, nowMs).kind === 'redirect')
      return target;
    const p = pageOf(decide(target, nowMs));
    reply.code(p.status).type('text/html; charset=utf-8').send(p.html);
    return null;
  }

  app.get(
    '/r/:short_code/contact.vcf',
    publicRoute(
      'a hosted content page, opened by phones that scanned the code',
      {
        operationId: 'contentPageVcard',
        tags: ['redirect'],
        summary: 'The vCard of a hosted contact page',
        description: 'The "Add to contacts" download of a dynamic vcard code: a vCard 3.0 file. No scan is recorded.',
        params: Params,
        response: {
          200: { description: 'vCard 3.0', content: { 'text/vcard': { schema: Type.String() } } },
          404: notFoundPage,
          410: notFoundPage,
        },
      },
      { rateLimit: 'public', htmlErrors: true },
    ),
    async (request, reply) => {
      const target = await live(request, reply, 'vcard');
      if (!target) return reply;
      return reply
        .type('text/vcard; charset=utf-8')
        .header('content-disposition', disposition('attachment', 'contact.vcf'))
        .send(vcardPayload(target.page!.content as VcardContent));
    },
  );

  app.get(
    '/r/:short_code/event.ics',
    publicRoute(
      'a hosted content page, opened by phones that scanned the code',
      {
        operationId: 'contentPageEvent',
        tags: ['redirect'],
        summary: 'The calendar file of a hosted event page',
        description:
          'The "Add to calendar" download of an event code: an iCalendar file (RFC 5545) with one event, times in UTC. No scan is recorded.',
        params: Params,
        response: {
          200: { description: 'iCalendar', content: { 'text/calendar': { schema: Type.String() } } },
          404: notFoundPage,
          410: notFoundPage,
        },
      },
      { rateLimit: 'public', htmlErrors: true },
    ),
    async (request, reply) => {
      const target = await live(request, reply, 'event');
      if (!target) return reply;
      const uid = `${target.codeId}@${new URL(config.baseUrl).hostname}`;
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', disposition('attachment', 'event.ics'))
        .send(eventIcs(target.page!.content as unknown as EventContent, uid, clock.now().getTime()));
    },
  );

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

  app.get(
    '/r/:short_code/logo',
    publicRoute(
      'the logo of a hosted page, loaded by phones that scanned the code',
      {
        operationId: 'hostedPageLogo',
        tags: ['redirect'],
        summary: 'The logo a hosted page shows',
        description:
          "The logo of the brand kit that themes a live code's pages (docs/decisions.md D82): same-origin, cacheable for five minutes, served with a Content-Security-Policy that runs nothing. No scan is recorded.",
        params: Params,
        response: {
          200: {
            description: 'The logo',
            content: {
              'image/png': { schema: Type.String({ contentEncoding: 'binary' }) },
              'image/svg+xml': { schema: Type.String() },
            },
          },
          404: notFoundPage,
          410: notFoundPage,
        },
      },
      { rateLimit: 'public', htmlErrors: true },
    ),
    async (request, reply) => {
      const shortCode = request.params.short_code;
      const nowMs = clock.now().getTime();
      const target = ANY_SHORT_CODE.test(shortCode) ? await opts.lookup(request, shortCode, nowMs) : null;
      // A protected code's form shows the logo too: it is the brand, not the content.
      const outcome = decide(target, nowMs);
      const file =
        target?.logoId && outcome.kind === 'redirect' ? await logos.load(target.workspaceId, target.logoId) : undefined;
      if (!file) {
        const p = outcome.kind === 'redirect' ? page('not_found') : pageOf(outcome);
        return reply
          .code(p.status as 404 | 410)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(p.html);
      }
      return reply
        .type(file.kind === 'svg' ? 'image/svg+xml' : 'image/png')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=300')
        .send(file.data as unknown as string); // a Buffer; the schema types the body as text
    },
  );
}
