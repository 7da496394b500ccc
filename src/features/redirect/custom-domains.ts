import { DOMAINS_CHANGED, type InvalidationBus } from '../../db/invalidation.js';
import type { DB } from '../../db/database.js';
import { verifiedCustomDomains } from '../workspaces/index.js';

/**
 * Verified custom domain → its workspace id, in process. The whole map is loaded at once (one row
 * per verified domain, few), reloaded after its TTL or when a domain changes anywhere (the bus).
 * The redirect reads it synchronously; only a reload makes a request wait.
 */
export class CustomDomainMap {
  private map: Map<string, string> | null = null;
  private loadedAt = 0;
  private stale = true;
  private loading: Promise<Map<string, string>> | null = null;
  private version = 0;

  constructor(
    private db: DB,
    private bus: InvalidationBus,
    private ttlMs = 60_000,
  ) {
    bus.subscribe((codes) => {
      if (codes.includes(DOMAINS_CHANGED)) this.markStale();
    });
    bus.onReset(() => this.markStale());
  }

  private markStale() {
    this.version++;
    this.stale = true;
  }

  /** The owning workspace id, null when the host is no verified domain, undefined when a reload is due. */
  peek(host: string, now: number): string | null | undefined {
    if (this.map === null || this.stale || now - this.loadedAt > this.ttlMs) return undefined;
    return this.map.get(host) ?? null;
  }

  async get(host: string, now: number): Promise<string | null> {
    const hit = this.peek(host, now);
    if (hit !== undefined) return hit;
    if (!this.loading)
      this.loading = this.load(now).finally(() => {
        this.loading = null;
      });
    try {
      return (await this.loading).get(host) ?? null;
    } catch (err) {
      // The database does not answer: the last known map is still the best answer.
      if (this.map) return this.map.get(host) ?? null;
      throw err;
    }
  }

  private async load(now: number): Promise<Map<string, string>> {
    const before = this.version;
    const rows = await verifiedCustomDomains(this.db);
    const map = new Map(rows.map((r) => [r.custom_domain!, r.id]));
    this.map = map;
    this.loadedAt = now;
    // A change during the load is picked up by the next request.
    if (this.version === before) this.stale = false;
    return map;
  }
}
