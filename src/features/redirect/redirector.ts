import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../http/types.js';
import { normalizeRequestHost } from '../../lib/host.js';
import { randomBase62 } from '../../lib/tokens.js';
import { ANY_SHORT_CODE, toLocation, type AppContent } from '../codes/index.js';
import { languageFrom, referrerFrom, scanId } from '../scans/index.js';
import { clickIdOf, withClickId } from '../conversions/index.js';
import { matchRule, withUtm } from './routing.js';
import { RequestVisitor, type PlaceSources } from './visitor.js';
import type { RedirectTarget } from './redirect-cache.js';
import { chooseDestination, decide, page, pageOf } from './redirect.fns.js';
import { DomainThemes } from './domain-theme.js';
import { passwordPage } from './password-page.js';
import { renderContentPage, type HostedPage } from './content-page.js';

const VISITOR_COOKIE = 'qrs_vid';
const VISITOR_ID = /^[0-9A-Za-z]{16,64}$/;

/** What the redirect reads of the app: its route plugin, which declares them, hands them over. */
export interface RedirectorParts {
  cache: App['redirects'];
  domains: App['customDomains'];
  sink: App['scans'];
  redirectSeconds: App['metrics']['redirectSeconds'];
  deps: App['deps'];
}

/**
 * The redirect's hot path, `GET /r/:short_code`: a cached lookup (no database round trip), a
 * weighted sticky pick, and an in-memory scan record that the scan sink writes in batches. HEAD
 * answers the same without recording a scan. `handle` is synchronous when the code is cached (no
 * promise, no microtask), and only a cache miss waits for the database. The password form and a
 * content page's downloads share `lookup` and `answer`.
 */
export class Redirector {
  // The app's parts, read once: the hot path reads fields, not the decorated instance.
  private readonly cache: App['redirects'];
  private readonly domains: App['customDomains'];
  private readonly sink: App['scans'];
  private readonly redirectSeconds: App['metrics']['redirectSeconds'];
  private readonly clock: App['deps']['clock'];
  private readonly places: PlaceSources;
  private readonly baseHost: string;
  private readonly secure: string;
  // Phones mostly send one Host header: the last one normalized is kept (a redirect's every µs counts).
  private lastRawHost = '';
  private lastHost = '';
  private readonly domainThemes: DomainThemes;

  constructor(parts: RedirectorParts) {
    const { config, clock } = parts.deps;
    this.cache = parts.cache;
    this.domains = parts.domains;
    this.sink = parts.sink;
    this.redirectSeconds = parts.redirectSeconds;
    this.clock = clock;
    this.domainThemes = new DomainThemes(parts.deps.db);
    this.places = { countryHeader: config.countryHeader, geo: parts.deps.geo };
    this.baseHost = normalizeRequestHost(new URL(config.baseUrl).hostname);
    this.secure = config.baseUrl.startsWith('https:') ? '; Secure' : '';
  }

  handle(request: FastifyRequest, reply: FastifyReply): Promise<void> | undefined {
    const shortCode = (request.params as { short_code: string }).short_code;
    const nowMs = this.clock.now().getTime();
    if (!ANY_SHORT_CODE.test(shortCode)) return void this.answer(request, reply, null, nowMs);
    const host = this.hostOf(request.host ?? '');
    const { domains, cache } = this;
    // On BASE_URL's host every code answers; on a verified custom domain only its workspace's.
    const owner = host === this.baseHost ? null : domains.peek(host, nowMs);
    if (owner === undefined) {
      return domains
        .get(host, nowMs)
        .then((ws) => cache.get(shortCode, nowMs).then((target) => this.answerOn(request, reply, target, ws, nowMs)));
    }
    const cached = cache.peek(shortCode, nowMs);
    if (cached !== undefined) return this.answerOn(request, reply, cached, owner, nowMs);
    return cache.get(shortCode, nowMs).then((target) => this.answerOn(request, reply, target, owner, nowMs));
  }

  /**
   * A code on this host: on a custom domain, a code the domain's workspace does not have is
   * answered with that workspace's look (docs/decisions.md D82), not the product's.
   */
  private answerOn(
    request: FastifyRequest,
    reply: FastifyReply,
    target: RedirectTarget | null,
    owner: string | null,
    nowMs: number,
  ): Promise<void> | undefined {
    const mine = scoped(target, owner);
    if (mine !== null || owner === null) return void this.answer(request, reply, mine, nowMs);
    return this.domainThemes.get(owner, nowMs).then((theme) => {
      const p = page('not_found', theme, languageFrom(request.headers['accept-language']));
      void reply.code(p.status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(p.html);
    });
  }

  /** The code a short URL names on this host, as the routes beside the redirect look it up. */
  async lookup(request: FastifyRequest, shortCode: string, nowMs: number): Promise<RedirectTarget | null> {
    const host = normalizeRequestHost(request.host ?? '');
    const owner = host === this.baseHost ? null : await this.domains.get(host, nowMs);
    return scoped(await this.cache.get(shortCode, nowMs), owner);
  }

  answer(
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
      const p = pageOf(outcome, target?.theme, languageFrom(request.headers['accept-language']));
      return void reply.code(p.status).type('text/html; charset=utf-8').send(p.html);
    }
    if (target.passwordHash !== null && !unlocked) {
      const language = languageFrom(request.headers['accept-language']);
      const html = passwordPage('ask', language, (request.params as { short_code: string }).short_code, target.theme);
      return void reply.code(200).type('text/html; charset=utf-8').send(html);
    }
    const v = new RequestVisitor(request, this.places);
    if (target.page) return this.answerPage(request, reply, target, target.page, v, nowMs);
    // Routing rules first (docs/codes.md, "Routing rules"), then A/B weights or url.
    let url = target.rules ? matchRule(target.rules, v, nowMs) : null;
    if (url !== null) {
      // a rule decided
    } else if (!target.destinations?.length) url = outcome.url;
    else url = chooseDestination(target, this.visitorOf(request, reply));
    if (target.utm) url = withUtm(url, target.utm, target.utmMemo);
    if (request.method !== 'HEAD') {
      // The click id is the code's and this scan's ids side by side: no read, no write of its own (docs/decisions.md D81).
      const id = scanId(nowMs);
      this.record(request, target, v, nowMs, url, id);
      if (target.clickId) url = withClickId(url, clickIdOf(target.codeId, id));
    }
    reply.code(302).header('location', url).send();
    this.redirectSeconds.observe(reply.elapsedTime / 1000);
  }

  /** The visitor's sticky id for A/B weights, set as a cookie on the first visit. */
  private visitorOf(request: FastifyRequest, reply: FastifyReply): string {
    let visitor = request.cookies?.[VISITOR_COOKIE];
    if (!visitor || !VISITOR_ID.test(visitor)) {
      visitor = randomBase62(22);
      reply.header(
        'set-cookie',
        `${VISITOR_COOKIE}=${visitor}; Path=/r/; Max-Age=31536000; HttpOnly; SameSite=Lax${this.secure}`,
      );
    }
    return visitor;
  }

  private hostOf(raw: string): string {
    if (raw !== this.lastRawHost) {
      this.lastHost = normalizeRequestHost(raw);
      this.lastRawHost = raw;
    }
    return this.lastHost;
  }

  private record(
    request: FastifyRequest,
    target: RedirectTarget,
    v: RequestVisitor,
    nowMs: number,
    destination: string | null,
    id = scanId(nowMs),
  ): void {
    const agent = v.agent();
    const place = v.place();
    // Bots neither use up max_scans nor count as usage; they are still recorded, flagged.
    if (!agent.bot) target.counted++;
    // The IP goes to the scan sink, whose writer stores only its daily-salted hash.
    this.sink.record({
      id,
      code: target,
      at: nowMs,
      ip: request.ip ?? null,
      bot: agent.bot,
      device: agent.device,
      os: agent.os,
      browser: agent.browser,
      language: v.language(),
      referrer: referrerFrom(request.headers.referer),
      // the place, never the address (docs/decisions.md D79)
      country: place.country,
      region: place.region,
      city: place.city,
      destination,
    });
  }

  /**
   * A hosted content page (docs/codes.md, "Content pages"): recorded like a redirect, answered
   * with the page; an app page sends iPhones and Android phones straight to their store.
   */
  private answerPage(
    request: FastifyRequest,
    reply: FastifyReply,
    target: RedirectTarget,
    hosted: HostedPage,
    v: RequestVisitor,
    nowMs: number,
  ): void {
    let url: string | null = null;
    if (hosted.type === 'app') {
      const c = hosted.content as unknown as AppContent;
      const os = v.os()?.toLowerCase();
      url = toLocation((os === 'ios' ? c.app_store_url : os === 'android' ? c.play_store_url : null) ?? null);
    }
    if (request.method !== 'HEAD') this.record(request, target, v, nowMs, url);
    if (url) reply.code(302).header('location', url).send();
    else
      reply
        .code(200)
        .type('text/html; charset=utf-8')
        .send(renderContentPage(hosted, target.theme, v.language(), target.shortCode, nowMs));
    this.redirectSeconds.observe(reply.elapsedTime / 1000);
  }
}

/** Another workspace's code on a verified custom domain reads as unknown (the same 404 page). */
function scoped(target: RedirectTarget | null, owner: string | null): RedirectTarget | null {
  return owner !== null && target !== null && target.workspaceId !== owner ? null : target;
}
