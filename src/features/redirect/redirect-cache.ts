import { parseJson } from '../../db/column-values.js';
import type { DB } from '../../db/database.js';
import { toLocation, type Destination } from '../codes/index.js';
import type { StoredStatus, RoutingRule, Utm } from '../codes/index.js';
import type { InvalidationBus } from '../../db/invalidation.js';
import { findRedirectTarget } from './redirect.repo.js';
import { compileRules, type CompiledRule } from './routing.js';
import type { HostedPage } from './content-page.js';
import { pageThemeOf } from '../brand/index.js';
import { pageTheme, type PageTheme } from './page-theme.js';

export interface RedirectTarget {
  codeId: string;
  /** the code's current short code (the cache key may be one of its aliases) */
  shortCode: string;
  workspaceId: string;
  organizationId: string;
  status: StoredStatus;
  url: string | null;
  destinations: Destination[] | null;
  /** expires_at in epoch ms */
  expiresAt: number | null;
  fallbackUrl: string | null;
  maxScans: number | null;
  /**
   * Counted scans known when loaded (stored plus this instance's unflushed ones), plus those this
   * instance has recorded since: the max_scans check needs no database round trip.
   */
  counted: number;
  /** routing rules, first match wins (docs/codes.md, "Routing rules") */
  rules: CompiledRule[] | null;
  utm: Utm | null;
  /** destination → destination with UTM parameters, filled as visitors arrive */
  utmMemo: Map<string, string>;
  /** the redirect appends `qrs_cid` (docs/decisions.md D81) */
  clickId: boolean;
  /** scrypt hash of the visitor password; the redirect asks for it first */
  passwordHash: string | null;
  /** a hosted content page (any type but url): the scan answers it instead of a redirect */
  page: HostedPage | null;
  /** its organization is suspended with a neutral page (docs/decisions.md D74) */
  unavailable: boolean;
  /** how its pages look: content, password and expired (docs/decisions.md D82) */
  theme: PageTheme;
  /** the logo the theme shows, served by GET /r/:short_code/logo */
  logoId: string | null;
}

function locations(destinations: Destination[] | null): Destination[] | null {
  const usable = destinations?.flatMap((d) => {
    const url = toLocation(d.url);
    return url ? [{ ...d, url }] : [];
  });
  return usable?.length ? usable : null;
}

interface Entry {
  target: RedirectTarget | null;
  loadedAt: number;
}

export interface RedirectCacheOptions {
  /** entries older than this are reloaded; bounds staleness if an invalidation message is lost */
  ttlMs?: number;
  /** codes with max_scans reload sooner, so other instances' scans count soon */
  countedTtlMs?: number;
  maxEntries?: number;
}

/**
 * short_code → redirect target, in process. A miss costs one lookup; unknown codes are cached too
 * (as null) so a flood of bad codes does not reach the database. Changes arrive by invalidation.
 */
export class RedirectCache {
  private entries = new Map<string, Entry>();
  private version = 0;
  private loading = new Map<string, Promise<RedirectTarget | null>>();
  private readonly ttlMs: number;
  private readonly countedTtlMs: number;
  private readonly maxEntries: number;

  constructor(
    private db: DB,
    private bus: InvalidationBus,
    /** counted scans of this short code recorded here but not yet flushed */
    private pendingCount: (shortCode: string) => number,
    opts: RedirectCacheOptions = {},
  ) {
    this.ttlMs = opts.ttlMs ?? 60_000;
    this.countedTtlMs = opts.countedTtlMs ?? 5_000;
    this.maxEntries = opts.maxEntries ?? 100_000;
    bus.subscribe((codes) => {
      this.version++;
      for (const c of codes) this.entries.delete(c);
    });
    bus.onReset(() => {
      this.version++;
      this.entries.clear();
    });
  }

  /** Synchronous when cached, so the hot path has no await at all. */
  peek(shortCode: string, now: number): RedirectTarget | null | undefined {
    const e = this.entries.get(shortCode);
    if (!e) return undefined;
    const ttl = e.target?.maxScans != null ? this.countedTtlMs : this.ttlMs;
    if (now - e.loadedAt > ttl) return undefined;
    return e.target;
  }

  async get(shortCode: string, now: number): Promise<RedirectTarget | null> {
    const hit = this.peek(shortCode, now);
    if (hit !== undefined) return hit;
    let pending = this.loading.get(shortCode);
    if (!pending) {
      pending = this.load(shortCode, now).finally(() => this.loading.delete(shortCode));
      this.loading.set(shortCode, pending);
    }
    return pending;
  }

  private async load(shortCode: string, now: number): Promise<RedirectTarget | null> {
    // Pending count read before the row: a flush committing in between is counted twice (the code
    // may expire a few scans early), never missed. A change during the load is not cached.
    const before = this.version;
    const pending = this.pendingCount(shortCode);
    const row = await findRedirectTarget(this.db, shortCode);
    // One more small read for the page's look: the code's own kit, then the workspace's page kit
    // (docs/decisions.md D82).
    const codeKit = row ? (parseJson<{ brand_kit_id?: string | null }>(row.style, {}).brand_kit_id ?? null) : null;
    const kit = row ? await pageThemeOf(this.db, row.workspace_id, codeKit) : null;
    const target: RedirectTarget | null = row
      ? {
          codeId: row.id,
          shortCode: row.short_code ?? shortCode,
          workspaceId: row.workspace_id,
          organizationId: row.organization_id,
          status: row.status,
          // toLocation: rows stored before destinations were normalised still make a valid Location.
          url: toLocation(row.url),
          destinations: locations(parseJson<Destination[] | null>(row.destinations, null)),
          expiresAt: row.expires_at === null ? null : Date.parse(row.expires_at),
          fallbackUrl: toLocation(row.fallback_url),
          maxScans: row.max_scans,
          // Through an alias, scans are pending under the code's current short code.
          counted:
            Number(row.scan_count) +
            (row.short_code && row.short_code !== shortCode ? this.pendingCount(row.short_code) : pending),
          rules: compileRules(parseJson<RoutingRule[] | null>(row.rules, null), row.timezone),
          utm: parseJson<Utm | null>(row.utm, null),
          utmMemo: new Map(),
          passwordHash: row.password_hash,
          clickId: row.append_click_id === 1,
          unavailable: row.unavailable,
          theme: pageTheme(row.primary_color, kit),
          logoId: kit?.logo?.id ?? null,
          page:
            row.type === 'url'
              ? null
              : {
                  type: row.type,
                  content: parseJson<Record<string, unknown>>(row.content, {}),
                  title: row.title,
                  timeZone: row.timezone,
                  html: new Map(),
                },
        }
      : null;
    if (this.entries.size >= this.maxEntries) {
      // Map keeps insertion order: drop the oldest tenth.
      let n = Math.ceil(this.maxEntries / 10);
      for (const k of this.entries.keys()) {
        this.entries.delete(k);
        if (--n === 0) break;
      }
    }
    if (this.version === before) this.entries.set(shortCode, { target, loadedAt: now });
    return target;
  }
}
