// What the downloads of a content page share: the page lookup, the parameters, the not-found page.
import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../http/types.js';
import { ANY_SHORT_CODE } from '../codes/index.js';
import type { RedirectTarget } from './redirect-cache.js';
import { decide, pageOf } from './redirect.fns.js';

export interface ContentPageRouteOptions {
  lookup(request: FastifyRequest, shortCode: string, nowMs: number): Promise<RedirectTarget | null>;
}

export const Params = Type.Object({ short_code: Type.String({ maxLength: 64 }) });
export const notFoundPage = {
  description: 'HTML page: no live content code of that kind under this short code.',
  content: { 'text/html': { schema: Type.String() } },
};

/** RFC 6266: an ASCII fallback and the exact name in UTF-8, so no name can break the header. */
export function disposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The target of a live content page of `type` under the request's short code, or null once the
 * not-found (or gone) page is sent: a download answers exactly when the page itself would.
 */
export function livePageTarget(app: App, opts: ContentPageRouteOptions) {
  const { clock } = app.deps;
  return async function live(request: FastifyRequest, reply: FastifyReply, type: string) {
    const shortCode = (request.params as { short_code: string }).short_code;
    const nowMs = clock.now().getTime();
    const target = ANY_SHORT_CODE.test(shortCode) ? await opts.lookup(request, shortCode, nowMs) : null;
    reply.header('cache-control', 'no-store');
    if (target?.page?.type === type && target.passwordHash === null && decide(target, nowMs).kind === 'redirect')
      return target;
    const p = pageOf(decide(target, nowMs));
    reply.code(p.status).type('text/html; charset=utf-8').send(p.html);
    return null;
  };
}
