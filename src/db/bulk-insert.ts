import { PrimitiveValueListNode, ValuesNode, sql, type OperationNodeSource } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { DB } from './database.js';
import { isPostgres } from './migrations/dialect.js';
import type { Database } from './schema.js';
import { ROWS_PER_STATEMENT } from './statement-limits.js';

type Table = keyof Database & string;

/**
 * An INSERT of many rows, ready for `.onConflict()` and `.returning()`. On PostgreSQL the rows
 * travel as one JSON parameter that `json_populate_recordset` turns into the table's own row type
 * (docs/decisions.md, D27): a thousand rows of ten columns were ten thousand bound parameters,
 * each built into Kysely's tree, compiled and serialized one by one, and that was most of the
 * flush's own CPU. SQLite keeps multi-row VALUES, whose prepared statement is cached. Every row
 * carries the same keys: the first row's keys are the column list. At most ROWS_PER_STATEMENT
 * rows on SQLite (the caller chunks); any number on PostgreSQL.
 */
export function insertRows<T extends Table>(db: DB, table: T, rows: Array<Record<string, unknown>>) {
  if (!rows.length) return db.insertInto(table).values(rows as never);
  const columns = Object.keys(rows[0]);
  if (!isPostgres(db))
    return db
      .insertInto(table)
      .columns(columns as never)
      .expression(valuesOf(columns, rows) as never);
  const refs = sql.join(columns.map((c) => sql.ref(c)));
  return db
    .insertInto(table)
    .columns(columns as never)
    .expression(
      sql`select ${refs} from json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::json)` as never,
    );
}

/** How many rows one insertRows statement takes on this database. */
export const rowsPerInsert = (db: DB) => (isPostgres(db) ? 20 * ROWS_PER_STATEMENT : ROWS_PER_STATEMENT);

/**
 * The VALUES list of rows of plain values, built as the node Kysely's `.values()` builds for them.
 * `.values()` first inspects every value for an expression, and on the SQLite scan writer that
 * inspection was an eighth of its CPU (docs/benchmarks.md).
 */
function valuesOf(columns: string[], rows: Array<Record<string, unknown>>): OperationNodeSource {
  return {
    toOperationNode: () =>
      ValuesNode.create(rows.map((r) => PrimitiveValueListNode.create(columns.map((c) => r[c] ?? null)))),
  };
}

/**
 * Multi-row inserts straight on a better-sqlite3 connection, for a caller already inside a
 * transaction on it: the statement insertRows would make, without Kysely building and compiling
 * its tree of every value on each write. The first row's keys are the column list.
 */
export function sqliteRowsInserter(sqlite: SQLite.Database, table: Table) {
  const prepared = new Map<string, SQLite.Statement>();
  return (rows: Array<Record<string, unknown>>): void => {
    if (!rows.length) return;
    const columns = Object.keys(rows[0]);
    const names = columns.map((c) => `"${c}"`).join(', ');
    const row = `(${columns.map(() => '?').join(', ')})`;
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
      const key = `${names}|${chunk.length}`;
      let statement = prepared.get(key);
      if (!statement) {
        if (prepared.size >= 8) prepared.clear();
        statement = sqlite.prepare(
          `insert into "${table}" (${names}) values ${Array(chunk.length).fill(row).join(', ')}`,
        );
        prepared.set(key, statement);
      }
      const values: unknown[] = new Array(chunk.length * columns.length);
      let i = 0;
      for (const r of chunk) for (const c of columns) values[i++] = r[c] ?? null;
      statement.run(values);
    }
  };
}
