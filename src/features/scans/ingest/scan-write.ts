import type { DB } from '../../../db/database.js';
import { sql } from 'kysely';
import { chunked } from '../../../db/statement-limits.js';
import { insertRows, rowsPerInsert } from '../../../db/bulk-insert.js';
import { isPostgres } from '../../../db/database.js';
import { rollupsOf, sortCells, summedCells, type CodeCell, type NewVisitor } from '../rollups/rollup-rows.js';
import { bucketsByMinute } from '../rollups/buckets.js';
import {
  addCounters,
  clearMonthCells,
  fineCellsFromRaw,
  keepsCells,
  markDetailed,
  isDenseMonth,
  isDetailed,
  monthCellsFromDays,
  monthCellsFromRaw,
  upsertCodeCells,
  upsertTotals,
} from '../rollups/detail.repo.js';
import { DENSE_HOUR, VISITOR_HASH_HEX } from '../rollups/rollups.table.js';
import type { IpHasher } from './ip-hash.js';
import { toScanRow, type Scan } from './scan.js';
import type { ScanRow } from '../scans.table.js';
import { publishScanEvents } from '../../webhooks/index.js';
import { periodOf, type UsageReading } from '../../usage/index.js';

type Trx = DB;

/**
 * Sees each organization's new monthly total: inside the batch's transaction, or (the SQLite writer
 * thread) in a transaction of its own after it, with the totals the batch's transaction left. What
 * it returns runs after the commit.
 */
export type UsageCheck = (trx: DB, readings: UsageReading[]) => Promise<() => void>;

async function inChunks<T>(db: DB, items: T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (const chunk of chunked(items, rowsPerInsert(db))) await write(chunk);
}

/**
 * Each code's counts added by one statement, whatever the number of codes: one UPDATE a code made
 * a batch spread over 800 codes cost 800 statements. PostgreSQL first locks the rows in key order,
 * so two instances' flushes cannot deadlock; SQLite has one writer.
 */
async function addScanCounts(trx: DB, codes: Array<[string, { humans: number; bots: number }]>) {
  const json = JSON.stringify(codes.map(([id, n]) => ({ id, humans: n.humans, bots: n.bots })));
  if (isPostgres(trx)) {
    await sql`select id from codes where id in (select id from json_to_recordset(${json}::json) as v(id text))
      order by id for update`.execute(trx);
    await sql`update codes set scan_count = codes.scan_count + v.humans, bot_scan_count = codes.bot_scan_count + v.bots
      from json_to_recordset(${json}::json) as v(id text, humans integer, bots integer) where codes.id = v.id`.execute(
      trx,
    );
    return;
  }
  await sql`update codes set scan_count = scan_count + v.humans, bot_scan_count = bot_scan_count + v.bots
    from (select value ->> '$.id' as id, value ->> '$.humans' as humans, value ->> '$.bots' as bots from json_each(${json})) as v
    where codes.id = v.id`.execute(trx);
}

/**
 * One batch in one transaction: the raw rows, the visitor-day sets, the rollups of every grain,
 * each code's scan_count and bot_scan_count, and each organization's monthly usage. Everything that several instances
 * update (visitor sets, rollups, codes, counters) is written in key order, so two instances'
 * flushes cannot deadlock. Writing a batch again after it committed changes nothing.
 */
export async function writeScanBatch(
  db: DB,
  hasher: IpHasher,
  scans: Scan[],
  checkUsage?: UsageCheck,
  starts: number[] = [0],
): Promise<void> {
  if (!scans.length) return;
  const afterCommit = await db.transaction().execute(async (trx) => {
    const rows = scans.map((s) => {
      const iso = new Date(s.at).toISOString();
      return toScanRow(s, iso, s.ipHash !== undefined ? s.ipHash : s.ip === null ? null : hasher.hash(s.ip, iso));
    });
    const readings = await writeRowsIn(trx, rows, starts);
    // docs/decisions.md D21: the usage thresholds, from the totals this batch left (the row lock
    // orders two instances' flushes, so each sees the other's count).
    return checkUsage ? checkUsage(trx, readings) : null;
  });
  afterCommit?.();
}

/**
 * The usage totals of the organizations and months a write's counted scans fall in, read as they
 * stand: for a write found already written (a replay after a lost reply or a crash), whose
 * transaction changed no counter, so its threshold check still runs.
 */
export async function usageReadingsOf(db: DB, rows: ScanRow[]): Promise<UsageReading[]> {
  const pairs = humanScansByPeriod(rows);
  const readings: UsageReading[] = [];
  for (const [, p] of [...pairs].sort(byKey)) {
    const row = await db
      .selectFrom('usage_counters')
      .select('scans')
      .where('organization_id', '=', p.organization_id)
      .where('period', '=', p.period)
      .executeTakeFirst();
    if (row)
      readings.push({ organizationId: p.organization_id, meter: 'scans', period: p.period, used: Number(row.scans) });
  }
  return readings;
}

/**
 * The batches (cut by the sink at `starts`) not yet written. A connection lost after COMMIT and
 * before its reply fails the flush, and a killed process replays its journal: either way a batch
 * may come again, perhaps grouped with others. A batch always commits whole, so finding its first
 * row means all of it is written.
 */
async function unwritten(trx: DB, rows: ScanRow[], starts: number[]): Promise<ScanRow[]> {
  const firsts = starts.map((i) => rows[i]);
  const found = new Set<string>();
  for (const chunk of chunked(firsts, 100)) {
    const written = await trx
      .selectFrom('scans')
      .select('id')
      .where((eb) =>
        eb.or(
          chunk.map((r) =>
            eb.and([eb('code_id', '=', r.code_id), eb('id', '=', r.id), eb('scanned_at', '=', r.scanned_at)]),
          ),
        ),
      )
      .execute();
    for (const w of written) found.add(w.id);
  }
  if (!found.size) return rows;
  return starts.flatMap((start, i) => (found.has(rows[start].id) ? [] : rows.slice(start, starts[i + 1])));
}

/** Inserts raw scan rows on the caller's transaction: the SQLite writer thread's own inserter. */
export type ScanRowInserter = (rows: ScanRow[]) => void;

/**
 * writeScanBatch's statements from the scans' rows (IPs hashed), inside a transaction the caller
 * holds: the SQLite writer thread opens it with BEGIN IMMEDIATE (scan-writer-thread.ts), builds the
 * rows straight from the batch's JSON (scan.ts rowsOfEncoded) and inserts them itself.
 */
export async function writeRowsIn(
  trx: DB,
  all: ScanRow[],
  starts: number[] = [0],
  insertScans?: ScanRowInserter,
): Promise<UsageReading[]> {
  if (!all.length) return [];
  const rows = await unwritten(trx, all, starts);
  if (!rows.length) return [];
  const workspaceOf = new Map(rows.map((r) => [r.code_id, r.workspace_id]));
  const visitors = visitorDays(rows);
  const codes = new Map<string, { humans: number; bots: number }>();
  for (const r of rows) {
    const c = codes.get(r.code_id) ?? { humans: 0, bots: 0 };
    codes.set(r.code_id, c);
    if (r.is_bot) c.bots++;
    else c.humans++;
  }
  const usage = humanScansByPeriod(rows);
  if (insertScans) insertScans(rows);
  else await inChunks(trx, rows, (chunk) => insertRows(trx, 'scans', chunk).execute());
  const fresh: NewVisitor[] = [];
  const humanAgain: VisitorDay[] = [];
  await inChunks(trx, visitors, async (chunk) => {
    const inserted = await insertRows(
      trx,
      'scan_visitors',
      chunk.map((v) => ({ scope_id: v.scope_id, day: v.day, ip_hash: v.ip_hash, human: v.humanQuarter ? 1 : 0 })),
    )
      .onConflict((oc) => oc.columns(['scope_id', 'day', 'ip_hash']).doNothing())
      .returning(['scope_id', 'day', 'ip_hash'])
      .execute();
    const added = new Set(inserted.map((r) => visitorKey(r.scope_id, r.day, r.ip_hash)));
    for (const v of chunk) {
      if (!added.has(v.key)) {
        if (v.humanQuarter) humanAgain.push(v);
        continue;
      }
      fresh.push({ scopeId: v.scope_id, human: false, quarter: v.quarter });
      if (v.humanQuarter) fresh.push({ scopeId: v.scope_id, human: true, quarter: v.humanQuarter });
    }
  });
  for (const v of await markHuman(trx, humanAgain))
    fresh.push({ scopeId: v.scope_id, human: true, quarter: v.humanQuarter! });
  await writeRollups(trx, await rollupsOf(rows, fresh, workspaceOf));
  // scan_count (non-bot) drives max_scans; with bot_scan_count it is the scan list's total_count.
  await addScanCounts(trx, [...codes].sort(byKey));
  const readings: UsageReading[] = [];
  for (const [, u] of [...usage].sort(byKey)) {
    const total = await trx
      .insertInto('usage_counters')
      .values(u)
      .onConflict((oc) =>
        oc
          .columns(['organization_id', 'period'])
          .doUpdateSet((eb) => ({ scans: eb('usage_counters.scans', '+', eb.ref('excluded.scans')) })),
      )
      .returning('scans')
      .executeTakeFirstOrThrow();
    readings.push({ organizationId: u.organization_id, meter: 'scans', period: u.period, used: Number(total.scans) });
  }
  // docs/webhooks.md: code.scanned, one event per code of this batch, committed with it.
  await publishScanEvents(trx, rows);
  return readings;
}

/** Human scans per organization and usage period, keyed `org|period`: what the usage counters add. */
function humanScansByPeriod(
  items: Array<{ organization_id: string; scanned_at: string; is_bot: number }>,
): Map<string, { organization_id: string; period: string; scans: number }> {
  const out = new Map<string, { organization_id: string; period: string; scans: number }>();
  for (const r of items) {
    if (r.is_bot) continue;
    const period = periodOf(r.scanned_at);
    const key = `${r.organization_id}|${period}`;
    const u = out.get(key) ?? { organization_id: r.organization_id, period, scans: 0 };
    u.scans++;
    out.set(key, u);
  }
  return out;
}

const byKey = (a: [string, unknown], b: [string, unknown]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

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

/**
 * Per-code totals first, returning each touched hour's and month's new count; then the dimension
 * cells: quarters only where the hour is detailed, days and months only where the month
 * keeps its cells, months once it is dense (docs/analytics.md, docs/decisions.md D42). On
 * PostgreSQL the totals upsert holds each hour and month row's lock until commit, so two
 * instances' flushes of one code-hour or code-month see each other's counts in order; SQLite has
 * one writer.
 */
async function writeRollups(trx: Trx, rollups: Awaited<ReturnType<typeof rollupsOf>>) {
  const cells: CodeCell[] = [];
  for (const t of await upsertTotals(trx, rollups.totals)) {
    if (t.grain !== 'h' && t.grain !== 'm') continue;
    const before = { scans: Number(t.scans) - rollups.scansIn(t.code_id, t.bucket), detailed: t.detailed };
    if (t.grain === 'm') {
      if (keepsCells(t)) {
        // Its cells are the record: the batch's days, and its month once dense; on turning dense,
        // month cells from the days so far (this batch's not yet added) and the batch's, in place
        // of any it had.
        cells.push(...rollups.dayCells(t.code_id, t.bucket));
        if (isDenseMonth(before)) cells.push(...rollups.monthCells(t.code_id, t.bucket));
        else if (isDenseMonth(t)) {
          await clearMonthCells(trx, t.code_id, t.bucket);
          cells.push(
            ...summedCells('m', [
              ...(await monthCellsFromDays(trx, t.code_id, t.bucket)),
              ...rollups.monthCells(t.code_id, t.bucket),
            ]),
          );
        }
      } else if (isDenseMonth(t)) {
        // Its raw scans are all there, this batch's included (same transaction): fewer than
        // DENSE_MONTH and a batch as it turns dense, or more if an instance of an older version
        // made it dense during an upgrade (from day cells this scheme does not keep). They give
        // its day and month cells in full, in place of any it had; from now on they are the
        // record. This flush holds the month row's lock.
        await clearMonthCells(trx, t.code_id, t.bucket, true);
        cells.push(...(await monthCellsFromRaw(trx, t.code_id, t.bucket)));
        await markDetailed(trx, t.code_id, 'm', t.bucket);
      }
    } else if (isDetailed(t)) cells.push(...rollups.fineCells(t.code_id, t.bucket));
    else if (Number(t.scans) >= DENSE_HOUR) {
      // Just became dense: its raw scans, this batch's included (same transaction), are fewer than
      // DENSE_HOUR + a batch (more only if an older instance took it past, docs/decisions.md D53),
      // and give the hour's cells in full, in place of any an older instance left; from now on
      // they are the record.
      cells.push(...(await fineCellsFromRaw(trx, t.code_id, [t.bucket])));
      await markDetailed(trx, t.code_id, 'h', t.bucket);
    }
  }
  await upsertCodeCells(trx, await sortCells(cells));
  await inChunks(trx, rollups.workspace, (chunk) =>
    insertRows(trx, 'workspace_rollups', chunk)
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
