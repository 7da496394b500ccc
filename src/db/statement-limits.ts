/** Rows one multi-row statement carries: well below SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
export const ROWS_PER_STATEMENT = 1_000;

/** Parts one `union all` carries: SQLite allows 500 terms in a compound select. */
export const PARTS_PER_COMPOUND = 200;

/** `items` cut into consecutive slices of at most `size`. */
export function chunked<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
