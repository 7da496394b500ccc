import type { Transaction } from 'kysely';
import type { DB } from '../../db/database.js';
import { ROWS_PER_STATEMENT, chunked } from '../../db/statement-limits.js';
import type { Database } from '../../db/schema.js';
import { hourKey, rollupsOf, sortCells, type CodeCell, type NewVisitor } from '../analytics/rollup-rows.js';
import { quarterOf } from '../analytics/buckets.js';
import { addCounters, fineCellsFromRaw, isDetailed, upsertCodeCells } from '../analytics/detail.repo.js';
import { DENSE_HOUR } from '../analytics/rollups.table.js';
import type { IpHasher } from './ip-hash.js';
import { periodOf, type Scan } from './scan.js';
import { toScanRow, type ScanRow } from './scan-row.js';

type Trx = Transaction<Database>;

async function inChunks<T>(items: T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (const chunk of chunked(items, ROWS_PER_STATEMENT)) await write(chunk);
}

/**
 * One batch in one transaction: the raw rows, the visitor-day sets, the rollups of every grain,
 * each code's scan_count and bot_scan_count, and each organization's monthly usage. Everything that several instances
 * update (visitor sets, rollups, codes, counters) is written in key order, so two instances'
 * flushes cannot deadlock. Writing a batch again after it committed changes nothing.
 */
export async function writeScanBatch(db: DB, hasher: IpHasher, scans: Scan[]): Promise<void> {
  if (!scans.length) return;
  const rows: ScanRow[] = scans.map((s) => {
    const iso = new Date(s.at).toISOString();
    return toScanRow(s, iso, s.ip === null ? null : hasher.hash(s.ip, iso));
  });
  const workspaceOf = new Map(rows.map((r) => [r.code_id, r.workspace_id]));
  const visitors = visitorDays(rows);
  const codes = new Map<string, { humans: number; bots: number }>();
  const usage = new Map<string, { organization_id: string; period: string; scans: number }>();
  for (const r of rows) {
    const c = codes.get(r.code_id) ?? { humans: 0, bots: 0 };
    codes.set(r.code_id, c);
    if (r.is_bot) {
      c.bots++;
      continue;
    }
    c.humans++;
    const period = periodOf(r.scanned_at);
    const u = usage.get(`${r.organization_id}|${period}`) ?? { organization_id: r.organization_id, period, scans: 0 };
    u.scans++;
    usage.set(`${r.organization_id}|${period}`, u);
  }
  await db.transaction().execute(async (trx) => {
    // A connection lost after COMMIT and before its reply fails the flush, and the sink writes the
    // batch again. The batch commits whole, so finding its first row means all of it is written.
    const [first] = rows;
    const written = await trx
      .selectFrom('scans')
      .select('id')
      .where('code_id', '=', first.code_id)
      .where('id', '=', first.id)
      .where('scanned_at', '=', first.scanned_at)
      .executeTakeFirst();
    if (written) return;
    await inChunks(rows, (chunk) => trx.insertInto('scans').values(chunk).execute());
    const fresh: NewVisitor[] = [];
    await inChunks([...visitors.values()], async (chunk) => {
      const inserted = await trx
        .insertInto('scan_visitors')
        .values(chunk.map(({ quarter: _q, ...v }) => v))
        .onConflict((oc) => oc.columns(['scope_id', 'day', 'human', 'ip_hash']).doNothing())
        .returning(['scope_id', 'day', 'human', 'ip_hash'])
        .execute();
      for (const v of inserted) {
        fresh.push({ scopeId: v.scope_id, human: v.human === 1, quarter: visitors.get(visitorKey(v))!.quarter });
      }
    });
    await writeRollups(trx, rows, rollupsOf(rows, fresh, workspaceOf));
    // scan_count (non-bot) drives max_scans; with bot_scan_count it is the scan list's total_count.
    for (const [id, n] of [...codes].sort(byKey)) {
      await trx
        .updateTable('codes')
        .set((eb) => ({
          scan_count: eb('scan_count', '+', n.humans),
          bot_scan_count: eb('bot_scan_count', '+', n.bots),
        }))
        .where('id', '=', id)
        .execute();
    }
    for (const [, u] of [...usage].sort(byKey)) {
      await trx
        .insertInto('usage_counters')
        .values(u)
        .onConflict((oc) =>
          oc
            .columns(['organization_id', 'period'])
            .doUpdateSet((eb) => ({ scans: eb('usage_counters.scans', '+', eb.ref('excluded.scans')) })),
        )
        .execute();
    }
  });
}

const byKey = (a: [string, unknown], b: [string, unknown]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

interface VisitorDay {
  scope_id: string;
  day: string;
  human: number;
  ip_hash: string;
  quarter: string;
}
const visitorKey = (v: { scope_id: string; day: string; human: number; ip_hash: string }) =>
  `${v.scope_id}|${v.day}|${v.human}|${v.ip_hash}`;

/** Each (code or workspace, UTC day, all|human, IP hash) of the batch with the quarter of its first scan, in key order. */
function visitorDays(rows: ScanRow[]): Map<string, VisitorDay> {
  const out = new Map<string, VisitorDay>();
  for (const r of rows) {
    if (!r.ip_hash) continue;
    const day = r.scanned_at.slice(0, 10);
    const quarter = quarterOf(r.scanned_at);
    for (const scope_id of [r.code_id, r.workspace_id]) {
      for (const human of r.is_bot ? [0] : [0, 1]) {
        const k = visitorKey({ scope_id, day, human, ip_hash: r.ip_hash });
        const seen = out.get(k);
        if (!seen) out.set(k, { scope_id, day, human, ip_hash: r.ip_hash, quarter });
        else if (quarter < seen.quarter) seen.quarter = quarter;
      }
    }
  }
  return new Map([...out].sort(byKey));
}

/**
 * Per-code totals first, returning each touched hour's new count; then the dimension cells: days
 * and months always, quarters and hours only where the hour is detailed (docs/analytics.md). On
 * PostgreSQL the totals upsert holds each hour row's lock until commit, so two instances' flushes
 * of one code-hour see each other's counts in order; SQLite has one writer.
 */
async function writeRollups(trx: Trx, rows: ScanRow[], rollups: ReturnType<typeof rollupsOf>) {
  const batch = new Map<string, number>();
  for (const r of rows) {
    const key = hourKey(r.code_id, r.scanned_at.slice(0, 13));
    batch.set(key, (batch.get(key) ?? 0) + 1);
  }
  const hours = (await upsertCodeCells(trx, rollups.totals)).filter((h) => h.grain === 'h');
  const cells: CodeCell[] = [...rollups.coarse];
  for (const h of hours) {
    const key = hourKey(h.code_id, h.bucket);
    const before = { scans: Number(h.scans) - (batch.get(key) ?? 0), detailed: h.detailed };
    if (isDetailed(before)) cells.push(...(rollups.fine.get(key) ?? []));
    // Just became dense: its raw scans, this batch's included (same transaction), are fewer than
    // DENSE_HOUR + a batch, and give the hour's cells in full.
    else if (Number(h.scans) >= DENSE_HOUR) cells.push(...(await fineCellsFromRaw(trx, h.code_id, [h.bucket])));
  }
  await upsertCodeCells(trx, sortCells(cells));
  await inChunks(rollups.workspace, (chunk) =>
    trx
      .insertInto('workspace_rollups')
      .values(chunk)
      .onConflict((oc) =>
        oc
          .columns(['workspace_id', 'grain', 'dimension', 'bucket', 'value'])
          .doUpdateSet(addCounters('workspace_rollups')),
      )
      .execute(),
  );
}

/** Visitor sets only decide whether a scan starts a visitor-day; days before yesterday are done. */
export async function pruneVisitorDays(db: DB, before: string): Promise<void> {
  await db.deleteFrom('scan_visitors').where('day', '<', before).execute();
}
