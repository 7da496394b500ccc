import { BROWSER, COUNTRY, DESTINATION, DEVICE, LANGUAGE, OS, REFERRER, BOT, type ScanBatch } from './scan-batch.js';
import type { IpHasher } from './ip-hash.js';
import { SCAN_COLUMNS, deltasOf, walkScans, type ScanDeltas, type ScanRows } from './scan-rows.js';

/**
 * The SQL of a scan flush, as plain text with driver-neutral execution: the writer thread runs it
 * on its own better-sqlite3 or pg connection, the in-process writer through Kysely. The rows are
 * uniform and many, and a query builder's per-value work showed up in profiles of the redirect.
 */
export interface SqlRunner {
  run(sql: string, params: unknown[]): unknown;
  /** PostgreSQL COPY … FROM STDIN of `COPY_SQL` rows in text format, where the driver allows it */
  copy?(sql: string, text: string): Promise<void>;
}

export const INSERT_CHUNK = 500;
const WIDTH = SCAN_COLUMNS.length;
const statements = new Map<number, string>();

/** SQLite: a multi-row insert of `count` rows. */
export function insertScansSql(count: number): string {
  let text = statements.get(count);
  if (!text) {
    const tuple = `(${SCAN_COLUMNS.map(() => '?').join(',')})`;
    text = `insert into scans (${SCAN_COLUMNS.join(',')}) values ${Array.from({ length: count }, () => tuple).join(',')}`;
    if (count === INSERT_CHUNK) statements.set(count, text); // only full chunks repeat
  }
  return text;
}

/** PostgreSQL: one statement with one array per column, whatever the batch size. */
export const UNNEST_SQL = `insert into scans (${SCAN_COLUMNS.join(',')}) select * from unnest(${
  SCAN_COLUMNS.map((c, i) => `$${i + 1}::${c === 'is_bot' ? 'integer' : 'text'}[]`).join(',')})`;

/** PostgreSQL's bulk-load path: about 40 % less server CPU a row than the unnest insert (measured). */
export const COPY_SQL = `copy scans (${SCAN_COLUMNS.join(',')}) from stdin`;
const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const copyValue = (v: string | null): string => (v === null ? '\\N'
  : COPY_SPECIAL.test(v) ? v.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]) : v);

/** A batch as COPY rows, for PostgreSQL. */
export interface CopyRows extends ScanDeltas {
  count: number;
  /** COPY text format: tab-separated columns in SCAN_COLUMNS order, \N for null, one line a row */
  copy: string;
}

/**
 * Builds the COPY text straight from the batch: each distinct string is escaped once (the batch
 * interns them) and each code's three ids are one piece, so a row is a handful of concatenations:
 * 0.8 µs a scan for rows and COPY data, against 1.2 µs to expand rows and escape every value
 * (measured alone).
 */
export function copyBatch(b: ScanBatch, hasher: IpHasher): CopyRows {
  const { cols } = b;
  const text = b.strings.map(copyValue);
  const codes = b.codes.map((ids) => ids.map(copyValue).join('\t'));
  let copy = '';
  const counted = walkScans(b, hasher, (o, slot, id, iso, ipHash) => {
    // Order: SCAN_COLUMNS.
    copy += `${id}\t${codes[slot]}\t${iso}\t${text[cols[o + COUNTRY]]}\t${text[cols[o + DEVICE]]}\t${text[cols[o + OS]]}\t${
      text[cols[o + BROWSER]]}\t${text[cols[o + REFERRER]]}\t${text[cols[o + LANGUAGE]]}\t${cols[o + BOT]}\t${ipHash ?? '\\N'}\t${
      text[cols[o + DESTINATION]]}\n`;
  });
  return { count: b.count, copy, ...deltasOf(b, counted) };
}

function columnsOf(values: unknown[]): unknown[][] {
  return SCAN_COLUMNS.map((_, c) => {
    const out: unknown[] = [];
    for (let i = c; i < values.length; i += WIDTH) out.push(values[i]);
    return out;
  });
}

const bumpCode = (pg: boolean) => (pg
  ? 'update codes set scan_count = scan_count + $1, bot_scan_count = bot_scan_count + $2 where id = $3'
  : 'update codes set scan_count = scan_count + ?, bot_scan_count = bot_scan_count + ? where id = ?');
const addUsage = (pg: boolean) => `insert into usage_counters (organization_id, period, scans) values (${pg ? '$1, $2, $3' : '?, ?, ?'}) `
  + 'on conflict (organization_id, period) do update set scans = usage_counters.scans + excluded.scans';

/**
 * The statements of one flush, to run inside one transaction: the raw rows, each code's
 * scan_count and bot_scan_count (the scan list's total_count), and the per-organization monthly counter, so usage is one row read whatever the
 * number of scans and concurrent flushes from several instances add up. Codes and organizations
 * come sorted (ScanRows), a fixed lock order that keeps two instances' flushes from deadlocking.
 */
export async function writeScanRows(db: SqlRunner, pg: boolean, rows: ScanRows | CopyRows): Promise<void> {
  if ('copy' in rows) {
    if (!db.copy) throw new Error('COPY rows need a connection that can COPY');
    await db.copy(COPY_SQL, rows.copy);
  } else if (pg) await db.run(UNNEST_SQL, columnsOf(rows.values));
  else {
    const { values } = rows;
    for (let i = 0; i < values.length; i += INSERT_CHUNK * WIDTH) {
      const chunk = values.slice(i, i + INSERT_CHUNK * WIDTH);
      await db.run(insertScansSql(chunk.length / WIDTH), chunk);
    }
  }
  for (const [codeId, n, bots] of rows.codes) await db.run(bumpCode(pg), [n, bots, codeId]);
  for (const [org, period, n] of rows.usage) await db.run(addUsage(pg), [org, period, n]);
}
