import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../../../db/database.js';
import { PARTS_PER_COMPOUND, ROWS_PER_STATEMENT, chunked } from '../../../db/statement-limits.js';
import type { Selection } from './buckets.js';

/** The counter a breakdown counts: every scan, or only human ones. */
export const scanCount = (bots: boolean) => (bots ? sql`scans` : sql`humans`);

/** The (dimension, value, signed scans) rows of some `select`s, glued with UNION ALL and summed per dimension and value. */
export const summed = (parts: RawBuilder<unknown>[]) => sql`select dimension, value, sum(scans) as scans
  from (${sql.join(parts, sql` union all `)}) x group by dimension, value`;

/** Sums some parts (summed()), a statement per PARTS_PER_COMPOUND of them, and hands each sum to `add`. */
export async function sumParts(
  db: DB,
  all: RawBuilder<unknown>[],
  add: (dimension: string, value: string, scans: number) => void,
) {
  for (const chunk of chunked(all, PARTS_PER_COMPOUND)) {
    const { rows } = await sql<{ dimension: string; value: string; scans: number }>`${summed(chunk)}`.execute(db);
    for (const r of rows) add(r.dimension, r.value, Number(r.scans));
  }
}

/** The bucket condition of a selection: a key range, or key lists (bounded per statement). */
export const bucketsOf = (s: Selection): RawBuilder<unknown>[] =>
  s.keys
    ? chunked(s.keys, ROWS_PER_STATEMENT).map((keys) => sql`bucket in (${sql.join(keys)})`)
    : [sql`bucket between ${s.first} and ${s.last}`];
