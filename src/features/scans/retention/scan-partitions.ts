import { sql } from 'kysely';
import type { DB } from '../../../db/database.js';
import { scanIdFloor } from '../ingest/scan-id.js';
import { addPurgedScans } from '../../codes/index.js';
import { workspaceRetentionSql } from '../../workspaces/index.js';
import { detailSparseHours, detailMonths } from '../rollups/detail.repo.js';
import { isoHour, isoMonth } from '../../../lib/time.js';

/** PostgreSQL only: `scans` is partitioned by month on its ULID id (migration 0006_2). */
const PARTITION = /^scans_y(\d{4})m(\d{2})$/;
// One key for partition DDL, so two instances never race to create or drop the same month.
const LOCK_KEY = 0x5ca9_0006;

export const partitionName = (y: number, m0: number) => `scans_y${y}m${String(m0 + 1).padStart(2, '0')}`;

interface Partition {
  /** the schema of `scans` itself: a partition made while another schema leads the search_path still lands beside its parent */
  schema: string;
  name: string;
  start: number;
  end: number;
}

export async function listPartitions(db: DB): Promise<Partition[]> {
  const { rows } = await sql<{
    schema: string;
    name: string;
  }>`select n.nspname as schema, c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    join pg_namespace n on n.oid = c.relnamespace where i.inhparent = 'scans'::regclass`.execute(db);
  return rows
    .flatMap(({ schema, name }) => {
      const m = PARTITION.exec(name);
      if (!m) return [];
      const y = Number(m[1]);
      const m0 = Number(m[2]) - 1;
      return [{ schema, name, start: Date.UTC(y, m0, 1), end: Date.UTC(y, m0 + 1, 1) }];
    })
    .sort((a, b) => a.start - b.start);
}

/**
 * Creates this month's and the next `ahead` months' partitions when missing, so scans land in
 * their month rather than in the DEFAULT partition (the safety net). Each month is its own short
 * transaction with lock_timeout bounding the wait for the parent's lock; a month that cannot be
 * created (the DEFAULT partition already holds rows of it, or a lock timeout) is reported in
 * `failed` and the others still go ahead.
 */
export async function ensurePartitions(
  db: DB,
  now: Date,
  ahead = 3,
): Promise<{ created: string[]; failed: Array<{ name: string; error: string }> }> {
  const have = new Set((await listPartitions(db)).map((p) => p.name));
  const schema = await parentSchema(db);
  const created: string[] = [];
  const failed: Array<{ name: string; error: string }> = [];
  for (let i = 0; i <= ahead; i++) {
    const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + i, 1);
    const d = new Date(start);
    const name = partitionName(d.getUTCFullYear(), d.getUTCMonth());
    if (have.has(name)) continue;
    const end = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    try {
      const made = await db.transaction().execute(async (trx) => {
        if (!(await tryLock(trx))) return false;
        await sql`create table if not exists ${sql.id(schema, name)} partition of ${sql.id(schema, 'scans')}
          for values from (${sql.lit(scanIdFloor(start))}) to (${sql.lit(scanIdFloor(end))})`.execute(trx);
        return true;
      });
      if (made) created.push(name);
    } catch (err) {
      failed.push({ name, error: (err as Error).message });
    }
  }
  return { created, failed };
}

async function parentSchema(db: DB): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select n.nspname as schema from pg_class c
    join pg_namespace n on n.oid = c.relnamespace where c.oid = 'scans'::regclass`.execute(db);
  return rows[0].schema;
}

async function tryLock(trx: DB): Promise<boolean> {
  await sql`set local lock_timeout = '2s'`.execute(trx);
  const { rows } = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${LOCK_KEY}) as ok`.execute(trx);
  return rows[0].ok;
}

/** The ISO instant `days` × 24 h before `now` (as the batched deletes; a '1 day' interval would follow the session's DST), as scanned_at is stored. */
const cutoffSql = (now: Date) =>
  sql`to_char((cast(${now.toISOString()} as timestamptz) - w.scan_retention_days * interval '86400 seconds') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Sparse hours detailed a transaction before a partition drop: 25 of fewer than DENSE_HOUR scans, at most ~6,000 raw rows read. */
const DETAIL_HOURS = 25;

/**
 * The sparse months and hours of every code in a partition about to be dropped get their day and
 * quarter cells of the dimensions from its raw rows first (docs/analytics.md), in short transactions: the drop
 * itself stays one catalog operation. No scan can still arrive for a month past retention.
 */
async function detailPartition(db: DB, p: Partition) {
  const { rows } = await sql<{
    code_id: string;
  }>`select distinct code_id from ${sql.id(p.schema, p.name)} order by code_id`.execute(db);
  for (const { code_id } of rows) {
    await db.transaction().execute((trx) => detailMonths(trx, code_id, isoMonth(p.start), isoMonth(p.end - 1)));
    while (
      (await db
        .transaction()
        .execute((trx) => detailSparseHours(trx, code_id, isoHour(p.start), isoHour(p.end - 1), DETAIL_HOURS))) ===
      DETAIL_HOURS
    );
  }
}

/**
 * Drops the monthly partitions in which every row is past its workspace's retention: a whole month
 * goes in one catalog operation instead of row by row. Retention is per workspace, so one scan of a
 * workspace that keeps its scans (or keeps them longer) keeps the partition; its expired rows are
 * then left to the batched deletes. Sparse hours are detailed first (detailPartition). The dropped rows are added to their codes' purged counters in
 * the same transaction. The partition is locked against writes while counted (SHARE), and the drop
 * takes the parent's lock for a moment; lock_timeout makes a busy moment a retry at the next run.
 */
export async function dropExpiredPartitions(db: DB, now: Date): Promise<string[]> {
  const dropped: string[] = [];
  for (const p of await listPartitions(db)) {
    if (p.end > now.getTime() - 86_400_000) break; // retention is at least one day
    const part = sql.id(p.schema, p.name);
    const keeps = await sql`select 1 from ${part} s left join ${workspaceRetentionSql} w on w.id = s.workspace_id
      where w.scan_retention_days is null or s.scanned_at >= ${cutoffSql(now)} limit 1`.execute(db);
    if (keeps.rows.length > 0) continue;
    await detailPartition(db, p);
    const ok = await db
      .transaction()
      .execute(async (trx) => {
        if (!(await tryLock(trx))) return false;
        await sql`lock table ${part} in share mode`.execute(trx);
        const again = await sql`select 1 from ${part} s left join ${workspaceRetentionSql} w on w.id = s.workspace_id
        where w.scan_retention_days is null or s.scanned_at >= ${cutoffSql(now)} limit 1`.execute(trx);
        if (again.rows.length > 0) return false;
        const { rows } = await sql<{ code_id: string; humans: string; bots: string }>`select code_id,
        sum(1 - is_bot) as humans, sum(is_bot) as bots from ${part} group by code_id order by code_id`.execute(trx);
        for (const r of rows) {
          await addPurgedScans(trx, r.code_id, Number(r.humans), Number(r.bots));
        }
        await sql`drop table ${part}`.execute(trx);
        return true;
      })
      .catch((err: { code?: string }) => {
        if (err.code === '55P03' || err.code === '40P01') return false; // lock_timeout / deadlock: next run
        throw err;
      });
    if (ok) dropped.push(p.name);
  }
  return dropped;
}
