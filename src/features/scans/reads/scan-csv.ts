/** Columns of a scan export, in order. The raw IP is never stored; ip_hash is its daily-salted hash. */
export const CSV_COLUMNS = [
  'id',
  'code_id',
  'scanned_at',
  'country',
  'region',
  'city',
  'device',
  'os',
  'browser',
  'referrer',
  'language',
  'destination',
  'is_bot',
  'ip_hash',
] as const;

export type CsvScan = Record<(typeof CSV_COLUMNS)[number], unknown>;

const NEEDS_QUOTES = /[",\r\n]/;
// A spreadsheet runs a cell starting with one of these as a formula (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One RFC 4180 field: null is empty; a value a spreadsheet would read as a formula gets a leading
 * apostrophe; a value with a comma, quote or line break is quoted, quotes doubled.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_HEADER = `${CSV_COLUMNS.join(',')}\r\n`;

/** A scans row as one CSV record, CRLF-terminated (RFC 4180). */
export function csvRecord(row: CsvScan): string {
  let line = '';
  for (let i = 0; i < CSV_COLUMNS.length; i++) {
    const column = CSV_COLUMNS[i];
    const value = column === 'is_bot' ? Number(row.is_bot) === 1 : row[column];
    line += (i ? ',' : '') + csvCell(value);
  }
  return `${line}\r\n`;
}
