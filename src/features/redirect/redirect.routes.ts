import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../http/types.js';
import { featurePlugin } from '../../http/plugin.js';
import { normalizeRequestHost } from '../../lib/host.js';
import { randomBase62 } from '../../lib/tokens.js';
import { ANY_SHORT_CODE, toLocation } from '../codes/index.js';
import { matchRule, withUtm } from './routing.js';
import passwordRoute from './password.routes.js';
import { languageFrom, referrerFrom, scanId } from '../scans/index.js';
import { RequestVisitor } from './visitor.js';
import type { RedirectTarget } from './redirect-cache.js';
import { chooseDestination, decide, page } from './redirect.fns.js';
import { passwordPage } from './password-page.js';
import { renderContentPage, type HostedPage } from './content-page.js';
import contentPageRoutes from './content-page.routes.js';
import type { AppContent } from '../codes/index.js';
import { publicRoute } from '../../http/route.js';

const VISITOR_COOKIE = 'qrs_vid';
const VISITOR_ID = /^[0-9A-Za-z]{16,64}$/;

/**
 * GET /r/:short_code — the hot path. A cached lookup (no database round trip), a weighted sticky
 * pick, and an in-memory scan record; the scan sink writes scans in batches. HEAD answers the same
 * without recording a scan. The handler is synchronous when the code is cached (no promise, no
 * microtask), and only a cache miss waits for the database.
 */
async function redirectRoutes(app: App) {
  const { config, clock } = app.deps;
  const cache = app.redirects;
  const domains = app.customDomains;
  const baseHost = normalizeRequestHost(new URL(config.baseUrl).hostname);
  const sink = app.scans;
  const { redirectSeconds } = app.metrics;
  const countryHeader = config.countryHeader;
  const secure = config.baseUrl.startsWith('https:') ? '; Secure' : '';
  // Phones mostly send one Host header: the last one normalized is kept (a redirect's every µs counts).
  let lastRawHost = '';
  let lastHost = '';
  const hostOf = (raw: string) => {
    if (raw !== lastRawHost) {
      lastHost = normalizeRequestHost(raw);
      lastRawHost = raw;
    }
    return lastHost;
  };

  app.get(
    '/r/:short_code',
    publicRoute(
      'scanned by phones',
      {
        operationId: 'redirect',
        tags: ['redirect'],
        summary: 'Follow a short URL (records a scan)',
        description:
          '302 to the destination (weighted, sticky per visitor) with Cache-Control: no-store. A content code (vcard, links, pdf, app, text) answers its hosted page with 200 (an app page sends iOS and Android visitors to their store with 302). Paused, expired, deleted or rejected codes answer a small HTML page with 410, or 302 to fallback_url when set; unknown codes and codes pending approval answer 404.',
        params: Type.Object({ short_code: Type.String({ maxLength: 64 }) }),
        response: {
          200: {
            description:
              'HTML page: the hosted page of a content code (vcard, links, pdf, app, text; the scan is recorded), or the page asking for the password of a password-protected code (no scan yet).',
            content: {
              'text/html': {
                schema: Type.String(),
                example:
                  '<!doctype html><html lang="en"><head><title>This code is protected</title></head><body>…</body></html>',
              },
            },
          },
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
      { rateLimit: 'public', htmlErrors: true, accessLog: 'errors' },
    ),
    (request, reply) => {
      const shortCode = request.params.short_code;
      const nowMs = clock.now().getTime();
      if (!ANY_SHORT_CODE.test(shortCode)) return void answer(request, reply, null, nowMs);
      const host = hostOf(request.host ?? '');
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

  // The password form posts back to the short URL; it shares the lookup and the answer.
  await app.register(passwordRoute, { lookup, answer });

  // The vCard and the file of a content page, answered for the same codes as the page itself.
  await app.register(contentPageRoutes, { lookup });

  /** The code a short URL names on this host, as the routes beside the redirect look it up. */
  async function lookup(request: FastifyRequest, shortCode: string, nowMs: number) {
    const host = normalizeRequestHost(request.host ?? '');
    const owner = host === baseHost ? null : await domains.get(host, nowMs);
    return scoped(await cache.get(shortCode, nowMs), owner);
  }

  /** Another workspace's code on a verified custom domain reads as unknown (the same 404 page). */
  function scoped(target: RedirectTarget | null, owner: string | null): RedirectTarget | null {
    return owner !== null && target !== null && target.workspaceId !== owner ? null : target;
  }

  function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    target: RedirectTarget | null,
    nowMs: number,
    unlocked = false,
  ): void {
    const outcome = decide(target, nowMs);
    reply.header('cache-control', 'no-store');
    if (outcome.kind === 'fallback') return void reply.code(302).header('location', outcome.url).send();
    if (outcome.kind !== 'redirect' || !target) {
      const p = page(outcome.kind === 'gone' ? 'gone' : 'not_found');
      return void reply.code(p.status).type('text/html; charset=utf-8').send(p.html);
    }
    if (target.passwordHash !== null && !unlocked) {
      const language = languageFrom(request.headers['accept-language']);
      const html = passwordPage('ask', language, (request.params as { short_code: string }).short_code);
      return void reply.code(200).type('text/html; charset=utf-8').send(html);
    }
    const v = new RequestVisitor(request, countryHeader);
    if (target.page) return answerPage(request, reply, target, target.page, v, nowMs);
    // Routing rules first (docs/codes.md, "Routing rules"), then A/B weights or url.
    let url = target.rules ? matchRule(target.rules, v, nowMs) : null;
    if (url !== null) {
      // a rule decided
    } else if (!target.destinations?.length) url = outcome.url;
    else {
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
    if (target.utm) url = withUtm(url, target.utm, target.utmMemo);
    if (request.method !== 'HEAD') record(request, target, v, nowMs, url);
    reply.code(302).header('location', url).send();
    redirectSeconds.observe(reply.elapsedTime / 1000);
  }

  function record(
    request: FastifyRequest,
    target: RedirectTarget,
    v: RequestVisitor,
    nowMs: number,
    destination: string | null,
  ): void {
    const agent = v.agent();
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
      language: v.language(),
      referrer: referrerFrom(request.headers.referer),
      country: v.country(),
      destination,
    });
  }

  /**
   * A hosted content page (docs/codes.md, "Content pages"): recorded like a redirect, answered
   * with the page; an app page sends iPhones and Android phones straight to their store.
   */
  function answerPage(
    request: FastifyRequest,
    reply: FastifyReply,
    target: RedirectTarget,
    page: HostedPage,
    v: RequestVisitor,
    nowMs: number,
  ): void {
    let url: string | null = null;
    if (page.type === 'app') {
      const c = page.content as unknown as AppContent;
      const os = v.os()?.toLowerCase();
      url = toLocation((os === 'ios' ? c.app_store_url : os === 'android' ? c.play_store_url : null) ?? null);
    }
    if (request.method !== 'HEAD') record(request, target, v, nowMs, url);
    if (url) reply.code(302).header('location', url).send();
    else
      reply
        .code(200)
        .type('text/html; charset=utf-8')
        .send(renderContentPage(page, v.language(), target.shortCode));
    redirectSeconds.observe(reply.elapsedTime / 1000);
  }
}

export default featurePlugin('redirect-routes', ['redirects', 'customDomains', 'scans', 'metrics'], redirectRoutes);
