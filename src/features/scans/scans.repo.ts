import { randomBytes } from 'node:crypto';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isPostgres } from '../../db/database.js';
import { scanIdFloor } from './scan-id.js';
import type { ScanRows } from './scan-rows.js';
import { writeScanRows } from './scan-sql.js';

type Db = Kysely<Database>;

/** A secret shared by every instance through the database, created on first use. */
export async function loadOrCreateSecret(db: Db, name: string, now: Date): Promise<string> {
  await db.insertInto('server_secrets').values({ name, value: randomBytes(32).toString('hex'), created_at: now.toISOString() })
    .onConflict((oc) => oc.column('name').doNothing()).execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

/** Writes one batch and its counter deltas in one transaction, in this thread (scan-sql.ts). */
export async function writeScans(db: Db, rows: ScanRows): Promise<void> {
  const pg = isPostgres(db);
  await db.transaction().execute((trx) => writeScanRows({ run: (text, params) => trx.executeQuery(CompiledQuery.raw(text, params)) }, pg, rows));
}

export interface StatsRange { codeId: string; from: string; to: string; includeBots: boolean }

function inRange(db: Db, r: StatsRange) {
  // The id bounds make it a range scan of the (code_id, id) key; scanned_at keeps it exact.
  let q = db.selectFrom('scans').where('code_id', '=', r.codeId)
    .where('id', '>=', scanIdFloor(Date.parse(r.from))).where('id', '<', scanIdFloor(Date.parse(r.to) + 1))
    .where('scanned_at', '>=', r.from).where('scanned_at', '<', r.to);
  if (!r.includeBots) q = q.where('is_bot', '=', 0);
  return q;
}

export function listScansQuery(db: Db, codeId: string, includeBots: boolean) {
  let q = db.selectFrom('scans').where('code_id', '=', codeId);
  if (!includeBots) q = q.where('is_bot', '=', 0);
  return q.selectAll();
}

export async function scanTotals(db: Db, r: StatsRange) {
  const row = await inRange(db, r)
    .select([sql<number>`count(*)`.as('scans'), sql<number>`count(distinct ip_hash)`.as('visitors')])
    .executeTakeFirstOrThrow();
  return { scans: Number(row.scans), visitors: Number(row.visitors) };
}

export async function scansByDay(db: Db, r: StatsRange) {
  const day = sql<string>`substr(scanned_at, 1, 10)`;
  const rows = await inRange(db, r)
    .select([day.as('date'), sql<number>`count(*)`.as('scans'), sql<number>`count(distinct ip_hash)`.as('visitors')])
    .groupBy(day).orderBy(day).execute();
  return rows.map((x) => ({ date: x.date, scans: Number(x.scans), unique_visitors: Number(x.visitors) }));
}

export type Dimension = 'country' | 'device' | 'os' | 'browser' | 'referrer';

/** Top 50 values of one dimension, most scans first (null = unknown). */
export async function scansBy(db: Db, r: StatsRange, column: Dimension) {
  const n = sql<number>`count(*)`;
  const rows = await inRange(db, r).select([sql.ref<string | null>(column).as('key'), n.as('scans')])
    .groupBy(column).orderBy(n, 'desc').orderBy(column).limit(50).execute();
  return rows.map((x) => ({ key: x.key, scans: Number(x.scans) }));
}

export async function storedUsage(db: Db, organizationId: string, period: string): Promise<number> {
  const row = await db.selectFrom('usage_counters').select('scans').where('organization_id', '=', organizationId).where('period', '=', period).executeTakeFirst();
  return Number(row?.scans ?? 0);
}
