import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../http/types.js';
import { randomBase62 } from '../../lib/tokens.js';
import { SHORT_CODE_PATTERN } from '../codes/codes.fns.js';
import { classifyAgent, countryFrom, languageFrom, referrerFrom } from '../scans/scan-fields.js';
import { scanId } from '../scans/scan-id.js';
import type { RedirectTarget } from './redirect-cache.js';
import { chooseDestination, decide, page } from './redirect.fns.js';

const VISITOR_COOKIE = 'qrs_vid';
const VISITOR_ID = /^[0-9A-Za-z]{16,64}$/;

/**
 * GET /r/:short_code — the hot path. A cached lookup (no database round trip), a weighted sticky
 * pick, and an in-memory scan record; the scan sink writes scans in batches. HEAD answers the same
 * without recording a scan. The handler is synchronous when the code is cached (no promise, no
 * microtask), and only a cache miss waits for the database.
 */
export default async function redirectRoutes(app: App) {
  const { config, clock } = app.deps;
  const cache = app.redirects;
  const domains = app.customDomains;
  const baseHost = new URL(config.baseUrl).hostname.toLowerCase();
  const sink = app.scans;
  const countryHeader = config.countryHeader;
  const secure = config.baseUrl.startsWith('https:') ? '; Secure' : '';

  app.get(
    '/r/:short_code',
    {
      config: { auth: false, rateLimit: 'public', htmlErrors: true },
      schema: {
        operationId: 'redirect',
        tags: ['redirect'],
        summary: 'Follow a short URL (records a scan)',
        description:
          '302 to the destination (weighted, sticky per visitor) with Cache-Control: no-store. Paused, expired, deleted or rejected codes answer a small HTML page with 410, or 302 to fallback_url when set; unknown codes and codes pending approval answer 404.',
        params: Type.Object({ short_code: Type.String({ maxLength: 64 }) }),
        response: {
          302: {
            description: 'Redirect to the destination; no body. Location is the destination (or fallback_url).',
            type: 'null',
          },
          404: {
            description: 'HTML page: unknown code or pending approval.',
            content: {
              'text/html': {
                schema: Type.String(),
                example:
                  '<!doctype html><html lang="en"><head><title>QR code not found</title></head><body>…</body></html>',
              },
            },
          },
          410: {
            description: 'HTML page: paused, expired, deleted or rejected code.',
            content: {
              'text/html': {
                schema: Type.String(),
                example:
                  '<!doctype html><html lang="en"><head><title>QR code no longer active</title></head><body>…</body></html>',
              },
            },
          },
          503: {
            description:
              'The database does not answer and the code is not cached: an HTML page to a browser, else an `unavailable` problem document; `Retry-After` in seconds.',
            content: {
              'text/html': {
                schema: Type.String(),
                example:
                  '<!doctype html><html lang="en"><head><title>Service unavailable</title></head><body>…</body></html>',
              },
              'application/problem+json': { schema: { $ref: 'Problem#' } },
            },
          },
        },
      },
    },
    (request, reply) => {
      const shortCode = request.params.short_code;
      const nowMs = clock.now().getTime();
      if (!SHORT_CODE_PATTERN.test(shortCode)) return void answer(request, reply, null, nowMs);
      const host = request.hostname.toLowerCase();
      // On BASE_URL's host every code answers; on a verified custom domain only its workspace's.
      const owner = host === baseHost ? null : domains.peek(host, nowMs);
      if (owner === undefined) {
        return domains
          .get(host, nowMs)
          .then((ws) =>
            cache.get(shortCode, nowMs).then((target) => answer(request, reply, scoped(target, ws), nowMs)),
          );
      }
      const cached = cache.peek(shortCode, nowMs);
      if (cached !== undefined) return void answer(request, reply, scoped(cached, owner), nowMs);
      return cache.get(shortCode, nowMs).then((target) => answer(request, reply, scoped(target, owner), nowMs));
    },
  );

  /** Another workspace's code on a verified custom domain reads as unknown (the same 404 page). */
  function scoped(target: RedirectTarget | null, owner: string | null): RedirectTarget | null {
    return owner !== null && target !== null && target.workspaceId !== owner ? null : target;
  }

  function answer(request: FastifyRequest, reply: FastifyReply, target: RedirectTarget | null, nowMs: number): void {
    const outcome = decide(target, nowMs);
    reply.header('cache-control', 'no-store');
    if (outcome.kind === 'fallback') return void reply.code(302).header('location', outcome.url).send();
    if (outcome.kind !== 'redirect' || !target) {
      const p = page(outcome.kind === 'gone' ? 'gone' : 'not_found');
      return void reply.code(p.status).type('text/html; charset=utf-8').send(p.html);
    }
    let url = outcome.url;
    if (target.destinations?.length) {
      let visitor = request.cookies?.[VISITOR_COOKIE];
      if (!visitor || !VISITOR_ID.test(visitor)) {
        visitor = randomBase62(22);
        reply.header(
          'set-cookie',
          `${VISITOR_COOKIE}=${visitor}; Path=/r/; Max-Age=31536000; HttpOnly; SameSite=Lax${secure}`,
        );
      }
      url = chooseDestination(target, visitor);
    }
    if (request.method === 'GET') {
      const headers = request.headers;
      const agent = classifyAgent(headers['user-agent']);
      // Bots neither use up max_scans nor count as usage; they are still recorded, flagged.
      if (!agent.bot) target.counted++;
      // The IP goes to the scan sink, whose writer stores only its daily-salted hash.
      sink.record({
        id: scanId(nowMs),
        code: target,
        at: nowMs,
        ip: request.ip ?? null,
        bot: agent.bot,
        device: agent.device,
        os: agent.os,
        browser: agent.browser,
        language: languageFrom(headers['accept-language']),
        referrer: referrerFrom(headers.referer),
        country: countryHeader ? countryFrom(headers[countryHeader]) : null,
        destination: url,
      });
    }
    reply.code(302).header('location', url).send();
  }
}
