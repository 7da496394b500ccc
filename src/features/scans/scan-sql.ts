import { SCAN_COLUMNS, type ScanRows } from './scan-rows.js';

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
const copyValue = (v: unknown): string => (v === null || v === undefined ? '\\N'
  : typeof v !== 'string' ? String(v)
  : COPY_SPECIAL.test(v) ? v.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]) : v);

/** Rows in COPY text format: tab-separated columns, \N for null, one line a row. */
export function copyText(values: unknown[]): string {
  let out = '';
  for (let i = 0; i < values.length; i += WIDTH) {
    out += copyValue(values[i]);
    for (let c = 1; c < WIDTH; c++) out += `\t${copyValue(values[i + c])}`;
    out += '\n';
  }
  return out;
}

function columnsOf(values: unknown[]): unknown[][] {
  return SCAN_COLUMNS.map((_, c) => {
    const out: unknown[] = [];
    for (let i = c; i < values.length; i += WIDTH) out.push(values[i]);
    return out;
  });
}

const bumpCode = (pg: boolean) => (pg
  ? 'update codes set scan_count = scan_count + $1 where id = $2'
  : 'update codes set scan_count = scan_count + ? where id = ?');
const addUsage = (pg: boolean) => `insert into usage_counters (organization_id, period, scans) values (${pg ? '$1, $2, $3' : '?, ?, ?'}) `
  + 'on conflict (organization_id, period) do update set scans = usage_counters.scans + excluded.scans';

/**
 * The statements of one flush, to run inside one transaction: the raw rows, each code's
 * scan_count, and the per-organization monthly counter, so usage is one row read whatever the
 * number of scans and concurrent flushes from several instances add up. Codes and organizations
 * come sorted (ScanRows), a fixed lock order that keeps two instances' flushes from deadlocking.
 */
export async function writeScanRows(db: SqlRunner, pg: boolean, rows: ScanRows): Promise<void> {
  const { values } = rows;
  if (pg && db.copy) await db.copy(COPY_SQL, copyText(values));
  else if (pg) await db.run(UNNEST_SQL, columnsOf(values));
  else {
    for (let i = 0; i < values.length; i += INSERT_CHUNK * WIDTH) {
      const chunk = values.slice(i, i + INSERT_CHUNK * WIDTH);
      await db.run(insertScansSql(chunk.length / WIDTH), chunk);
    }
  }
  for (const [codeId, n] of rows.codes) await db.run(bumpCode(pg), [n, codeId]);
  for (const [org, period, n] of rows.usage) await db.run(addUsage(pg), [org, period, n]);
}
