import { randomBytes } from 'node:crypto';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isPostgres } from '../../db/database.js';
import { scanIdFloor } from './scan-id.js';

type Db = Kysely<Database>;

/** A secret shared by every instance through the database, created on first use. */
export async function loadOrCreateSecret(db: Db, name: string, now: Date): Promise<string> {
  await db.insertInto('server_secrets').values({ name, value: randomBytes(32).toString('hex'), created_at: now.toISOString() })
    .onConflict((oc) => oc.column('name').doNothing()).execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

export const INSERT_CHUNK = 500;
export const SCAN_COLUMNS = ['id', 'code_id', 'workspace_id', 'organization_id', 'scanned_at', 'country', 'device', 'os', 'browser', 'referrer', 'language', 'is_bot', 'ip_hash', 'destination'] as const;
const statements = new Map<string, string>();

/**
 * A multi-row insert built by hand: the rows are uniform and many, and the query builder's
 * per-value work showed up as a tenth of the redirect's cost in profiles.
 */
export function insertScansSql(pg: boolean, count: number): string {
  const key = `${pg}:${count}`;
  let text = statements.get(key);
  if (!text) {
    let n = 0;
    const tuple = () => `(${SCAN_COLUMNS.map(() => (pg ? `$${++n}` : '?')).join(',')})`;
    text = `insert into scans (${SCAN_COLUMNS.join(',')}) values ${Array.from({ length: count }, tuple).join(',')}`;
    if (count === INSERT_CHUNK) statements.set(key, text); // only full chunks repeat
  }
  return text;
}

const WIDTH = SCAN_COLUMNS.length;

/** `values`: rows × SCAN_COLUMNS values, flat. */
function insertScansQuery(pg: boolean, values: unknown[]): CompiledQuery {
  return CompiledQuery.raw(insertScansSql(pg, values.length / WIDTH), values);
}


const UNNEST_SQL = `insert into scans (${SCAN_COLUMNS.join(',')}) select * from unnest(${
  SCAN_COLUMNS.map((c, i) => `$${i + 1}::${c === 'is_bot' ? 'integer' : 'text'}[]`).join(',')})`;

/** PostgreSQL: one statement with one array per column, whatever the batch size. */
function insertScansUnnest(values: unknown[]): CompiledQuery {
  const columns = SCAN_COLUMNS.map((_, c) => {
    const out: unknown[] = [];
    for (let i = c; i < values.length; i += WIDTH) out.push(values[i]);
    return out;
  });
  return CompiledQuery.raw(UNNEST_SQL, columns);
}

/** Writes one flushed batch with its counter deltas, in one transaction. */
export type ScanWriter = (values: unknown[], delta: CounterDelta) => Promise<void>;

export interface CounterDelta {
  codes: Map<string, number>;
  usage: Map<string, { organizationId: string; period: string; scans: number }>;
}

/**
 * One transaction per flush: the raw rows, each code's scan_count, and the per-organization monthly
 * counter (`insert … on conflict … do update set scans = scans + excluded.scans`), so usage is one
 * row read whatever the number of scans, and concurrent flushes from several instances add up.
 */
export async function writeScans(db: Db, values: unknown[], delta: CounterDelta): Promise<void> {
  const pg = isPostgres(db);
  await db.transaction().execute(async (trx) => {
    if (pg) await trx.executeQuery(insertScansUnnest(values));
    else {
      for (let i = 0; i < values.length; i += INSERT_CHUNK * WIDTH) {
        await trx.executeQuery(insertScansQuery(pg, values.slice(i, i + INSERT_CHUNK * WIDTH)));
      }
    }
    // A fixed order keeps two instances' flushes from deadlocking on the same code rows.
    for (const [codeId, n] of [...delta.codes].sort(([a], [b]) => (a < b ? -1 : 1))) {
      await trx.updateTable('codes').set({ scan_count: sql`scan_count + ${n}` }).where('id', '=', codeId).execute();
    }
    const usage = [...delta.usage.values()].sort((a, b) => (a.organizationId < b.organizationId ? -1 : 1));
    if (usage.length) {
      await trx.insertInto('usage_counters')
        .values(usage.map((u) => ({ organization_id: u.organizationId, period: u.period, scans: u.scans })))
        .onConflict((oc) => oc.columns(['organization_id', 'period']).doUpdateSet({ scans: sql`usage_counters.scans + excluded.scans` }))
        .execute();
    }
  });
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
