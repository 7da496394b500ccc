import { sql } from 'kysely';
import type { DB } from '../../db/database.js';
import { ulidFloor } from '../../lib/ulid.js';
import { auditQuery, type AuditFilters } from './audit.repo.js';

export interface AuditCountOptions {
  /** entries minted longer ago than this are settled: no open transaction can still add one */
  settleMs: number;
  /** a cached settled count is recomputed from scratch after this long */
  ttlMs: number;
  /** cached (workspace, filters) combinations per process */
  maxEntries: number;
}

const DEFAULTS: AuditCountOptions = { settleMs: 5 * 60_000, ttlMs: 10 * 60_000, maxEntries: 10_000 };

/**
 * Exact total_count for audit listings without counting a million index entries per request.
 *
 * Entries are append-only (docs/decisions.md D6) and ids are time-ordered ULIDs, so the number of entries matching
 * a filter whose id is below "now - settleMs" cannot change any more: every transaction that could
 * commit such an entry has long finished (ours last milliseconds; the settle window also absorbs
 * clock skew between instances). That settled part is counted once and then only extended; the
 * recent part is always counted live. The cache lives in the process (one per app), so it needs
 * no invalidation protocol; entries expire after ttlMs so even an operator's manual deletion is
 * reflected within minutes.
 */
export class AuditCountCache {
  private entries = new Map<string, { below: string; count: number; since: number }>();
  private readonly opts: AuditCountOptions;

  constructor(opts: Partial<AuditCountOptions> = {}) {
    this.opts = { ...DEFAULTS, ...opts };
  }

  /** The smallest aud_ id minted at millisecond t. */
  private static boundary(t: number): string {
    return `aud_${ulidFloor(t)}`;
  }

  async count(db: DB, workspaceId: string, f: AuditFilters, now: number): Promise<number> {
    const key = JSON.stringify([
      workspaceId,
      f.resource_type ?? null,
      f.resource_id ?? null,
      f.action ?? null,
      f.actor_id ?? null,
    ]);
    const below = AuditCountCache.boundary(now - this.opts.settleMs);
    const count = async (from: string | null, to: string | null) => {
      let q = auditQuery(db, workspaceId, f)
        .clearSelect()
        .select(sql<number>`count(*)`.as('n'));
      if (from) q = q.where('id', '>=', from);
      if (to) q = q.where('id', '<', to);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    let hit = this.entries.get(key);
    if (hit && (now - hit.since > this.opts.ttlMs || hit.below > below)) hit = undefined;
    const settled = hit
      ? hit.count + (hit.below < below ? await count(hit.below, below) : 0)
      : await count(null, below);
    this.entries.delete(key);
    this.entries.set(key, { below, count: settled, since: hit?.since ?? now });
    if (this.entries.size > this.opts.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return settled + (await count(below, null));
  }
}
