import { sql } from 'kysely';
import type { DB } from '../../../db/database.js';
import { isPostgres } from '../../../db/database.js';
import { bulkWrite, type BulkFinish } from '../../../db/bulk-insert.js';
import { bucketsByMinute } from '../rollups/buckets.js';
import { VISITOR_HASH_HEX } from '../rollups/rollups.table.js';
import type { ScanRow } from '../scans.table.js';
import type { FlushStage } from './stage.js';

/**
 * The visitor-day sets (`scan_visitors`): whether a scan is the first of its address on its code's
 * or workspace's day, and the first human one. What it finds new, the rollups stage counts as
 * unique visitors (docs/analytics.md).
 */
export const writeVisitorDays: FlushStage = async (trx, batch) => {
  const days = visitorDays(batch.rows);
  const rows = days.map((v) => ({
    scope_id: v.scope_id,
    day: v.day,
    ip_hash: v.ip_hash,
    human: v.humanQuarter ? 1 : 0,
  }));
  const inserted = await bulkWrite(trx, 'scan_visitors', rows, newVisitorDays);
  const added = new Set(inserted.map((r) => visitorKey(r.scope_id, r.day, r.ip_hash)));
  const humanAgain: VisitorDay[] = [];
  for (const v of days) {
    if (!added.has(v.key)) {
      if (v.humanQuarter) humanAgain.push(v);
      continue;
    }
    batch.newVisitors.push({ scopeId: v.scope_id, human: false, quarter: v.quarter });
    if (v.humanQuarter) batch.newVisitors.push({ scopeId: v.scope_id, human: true, quarter: v.humanQuarter });
  }
  for (const v of await markHuman(trx, humanAgain))
    batch.newVisitors.push({ scopeId: v.scope_id, human: true, quarter: v.humanQuarter! });
};

/** The visitor-days of the rows that were not there: returned are exactly the new ones. */
const newVisitorDays: BulkFinish<'scan_visitors', { scope_id: string; day: string; ip_hash: string }> = (insert) =>
  insert
    .onConflict((oc) => oc.columns(['scope_id', 'day', 'ip_hash']).doNothing())
    .returning(['scope_id', 'day', 'ip_hash']);

interface VisitorDay {
  /** `scope_id|day|ip_hash`, built once */
  key: string;
  scope_id: string;
  day: string;
  ip_hash: string;
  /** the quarter of the batch's first scan from this address, and of its first human scan (none: no human scan) */
  quarter: string;
  humanQuarter: string | null;
}
const visitorKey = (scopeId: string, day: string, ipHash: string) => `${scopeId}|${day}|${ipHash}`;

/**
 * Each (code or workspace, UTC day, IP hash) of the batch, in key order. Traffic spread over many
 * codes makes two visitor-days a scan: the day and quarter are derived once a minute (rows come in
 * time order), each key is built once, and the keys sort as plain strings (docs/decisions.md D48).
 */
function visitorDays(rows: ScanRow[]): VisitorDay[] {
  const out = new Map<string, VisitorDay>();
  const see = (scope_id: string, day: string, ip_hash: string, quarter: string, human: string | null) => {
    const key = visitorKey(scope_id, day, ip_hash);
    const seen = out.get(key);
    if (!seen) return void out.set(key, { key, scope_id, day, ip_hash, quarter, humanQuarter: human });
    if (quarter < seen.quarter) seen.quarter = quarter;
    if (human && (!seen.humanQuarter || human < seen.humanQuarter)) seen.humanQuarter = human;
  };
  const bucketsOf = bucketsByMinute();
  for (const r of rows) {
    if (!r.ip_hash) continue;
    const { day, quarter } = bucketsOf(r.scanned_at);
    const ip_hash = r.ip_hash.slice(0, VISITOR_HASH_HEX);
    const human = r.is_bot ? null : quarter;
    see(r.code_id, day, ip_hash, quarter, human);
    see(r.workspace_id, day, ip_hash, quarter, human);
  }
  return [...out.keys()].sort().map((k) => out.get(k)!);
}

/**
 * Visitor-days seen before this batch and now human: the flag turns 1 only once, so the rows this
 * update turns are exactly the new human visitor-days. On PostgreSQL the rows are locked in key
 * order first, so two instances' flushes cannot deadlock; the second then finds the flag set.
 */
async function markHuman(trx: DB, days: VisitorDay[]): Promise<VisitorDay[]> {
  if (!days.length) return [];
  const json = JSON.stringify(days.map((v) => ({ s: v.scope_id, d: v.day, i: v.ip_hash })));
  const keys = isPostgres(trx)
    ? sql`select s, d, i from json_to_recordset(${json}::json) as v(s text, d text, i text)`
    : sql`select value ->> '$.s', value ->> '$.d', value ->> '$.i' from json_each(${json})`;
  if (isPostgres(trx))
    await sql`select 1 from scan_visitors where human = 0 and (scope_id, day, ip_hash) in (${keys})
      order by scope_id, day, ip_hash for update`.execute(trx);
  const turned = await sql<{ scope_id: string; day: string; ip_hash: string }>`update scan_visitors set human = 1
    where human = 0 and (scope_id, day, ip_hash) in (${keys}) returning scope_id, day, ip_hash`.execute(trx);
  const asked = new Map(days.map((v) => [v.key, v]));
  return turned.rows.map((r) => asked.get(visitorKey(r.scope_id, r.day, r.ip_hash))!);
}

/** Visitor sets only decide whether a scan starts a visitor-day; days before yesterday are done. */
export async function pruneVisitorDays(db: DB, before: string): Promise<void> {
  await db.deleteFrom('scan_visitors').where('day', '<', before).execute();
}
