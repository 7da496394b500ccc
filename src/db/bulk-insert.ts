import {
  CompiledQuery,
  PrimitiveValueListNode,
  ValuesNode,
  sql,
  type InsertQueryBuilder,
  type InsertResult,
  type OperationNodeSource,
} from 'kysely';
import type SQLite from 'better-sqlite3';
import type { DB } from './database.js';
import { isPostgres } from './migrations/dialect.js';
import type { Database } from './schema.js';
import { ROWS_PER_STATEMENT, chunked } from './statement-limits.js';

type Table = keyof Database & string;

/**
 * The tables insertRows writes, each with its integer columns: on PostgreSQL every other column
 * travels as a text array (docs/decisions.md D52).
 */
const INTEGER_COLUMNS = {
  scans: ['is_bot'],
  scan_visitors: ['human'],
  scan_rollups: ['scans', 'humans', 'visitors', 'human_visitors', 'detailed'],
  workspace_rollups: ['scans', 'humans', 'visitors', 'human_visitors'],
} satisfies Partial<Record<Table, string[]>>;

type BulkTable = keyof typeof INTEGER_COLUMNS;

/**
 * An INSERT of many rows, ready for `.onConflict()` and `.returning()`. On PostgreSQL the rows
 * travel as one array parameter a column, which `unnest` zips back into rows (docs/decisions.md
 * D27 and docs/decisions.md D52): a thousand rows of ten columns were ten thousand bound
 * parameters, each built into Kysely's tree, compiled and serialized one by one, and that was most
 * of the flush's own CPU; a JSON parameter read by `json_populate_recordset` cost the server a
 * third more a row than arrays. SQLite keeps multi-row VALUES, whose prepared statement is cached.
 * Every row carries the same keys: the first row's keys are the column list. At most
 * ROWS_PER_STATEMENT rows on SQLite; bulkWrite cuts a batch into such statements.
 */
function insertRows<T extends BulkTable>(db: DB, table: T, rows: Array<Record<string, unknown>>) {
  if (!rows.length) return db.insertInto(table).values(rows as never);
  const columns = Object.keys(rows[0]);
  if (!isPostgres(db))
    return db
      .insertInto(table)
      .columns(columns as never)
      .expression(valuesOf(columns, rows) as never);
  const integers: readonly string[] = INTEGER_COLUMNS[table];
  const arrays = columns.map((c) => {
    const literal = arrayLiteral(rows.map((r) => r[c] ?? null));
    return integers.includes(c) ? sql`${literal}::int8[]` : sql`${literal}::text[]`;
  });
  return db
    .insertInto(table)
    .columns(columns as never)
    .expression(sql`select * from unnest(${sql.join(arrays)})` as never);
}

/** What follows insertRows' VALUES in a bulkWrite: `.onConflict(…)`, `.returning(…)`, or nothing. */
export type BulkFinish<T extends BulkTable, R> = (insert: InsertQueryBuilder<Database, T, InsertResult>) => {
  compile(): CompiledQuery;
  execute(): Promise<R[]>;
};

type Row = Record<string, unknown>;

/** Statement texts of each finish, by dialect, table, columns and row count; null: run as built. */
const templates = new WeakMap<object, Map<string, string | null>>();

/**
 * `finish(insertRows(db, table, rows))` for any number of rows, in order, returning what each
 * statement returns. A statement's text depends only on the table, the columns, `finish` and (on
 * SQLite) the row count, so it is compiled once, from marker values, and then run with each
 * batch's values: Kysely built and compiled a tree of every value on each write, about 7 % of the
 * SQLite scan writer's CPU with traffic spread over many codes (bench/NOTES.md, 2026-12-03). `finish`
 * must be a function made once (a module constant): its texts are kept with it. On SQLite the rows
 * go ROWS_PER_STATEMENT at a time and a remainder in pieces of a power of two, so a table and
 * finish have at most a dozen texts.
 */
export async function bulkWrite<T extends BulkTable, R>(
  db: DB,
  table: T,
  rows: Row[],
  finish: BulkFinish<T, R>,
): Promise<R[]> {
  const out: R[] = [];
  const pg = isPostgres(db);
  for (const piece of pg ? chunked(rows, PG_ROWS_PER_INSERT) : sqlitePieces(rows)) {
    const columns = Object.keys(piece[0]);
    const text = templateOf(db, pg, table, columns, piece.length, finish);
    const result =
      text === null
        ? await finish(insertRows(db, table, piece) as never).execute()
        : (await db.executeQuery<R>(CompiledQuery.raw(text, parametersOf(pg, columns, piece)))).rows;
    for (const r of result) out.push(r);
  }
  return out;
}

/** ROWS_PER_STATEMENT rows a piece, the rest in pieces of 512, 256, … 1. */
function sqlitePieces(rows: Row[]): Row[][] {
  const out: Row[][] = [];
  let at = 0;
  for (; rows.length - at >= ROWS_PER_STATEMENT; at += ROWS_PER_STATEMENT)
    out.push(rows.slice(at, at + ROWS_PER_STATEMENT));
  for (let size = 512; size >= 1; size /= 2) if (rows.length - at >= size) out.push(rows.slice(at, (at += size)));
  return out;
}

/** The bound values insertRows would make of `rows`: row after row on SQLite, an array a column on PostgreSQL. */
function parametersOf(pg: boolean, columns: string[], rows: Row[]): unknown[] {
  if (pg) return columns.map((c) => arrayLiteral(rows.map((r) => r[c] ?? null)));
  const values: unknown[] = new Array(rows.length * columns.length);
  let i = 0;
  for (const r of rows) for (const c of columns) values[i++] = r[c] ?? null;
  return values;
}

/**
 * The statement text of `finish` for `count` rows of these columns, compiled once from rows of
 * distinct marker values. Null when its bound values are not exactly insertRows' values in order (a finish that
 * binds values of its own): such a statement is built each time.
 */
function templateOf<T extends BulkTable>(
  db: DB,
  pg: boolean,
  table: T,
  columns: string[],
  count: number,
  finish: BulkFinish<T, unknown>,
): string | null {
  const key = `${pg ? 'pg' : count}|${table}|${columns.join(',')}`;
  let texts = templates.get(finish);
  if (!texts) templates.set(finish, (texts = new Map()));
  let text = texts.get(key);
  if (text !== undefined) return text;
  const markers = Array.from({ length: count }, (_, i) =>
    Object.fromEntries(columns.map((c, j) => [c, `qrs-marker-${i}-${j}`])),
  );
  const compiled = finish(insertRows(db, table, markers) as never).compile();
  const expected = parametersOf(pg, columns, markers);
  const same = compiled.parameters.length === expected.length && expected.every((v, k) => compiled.parameters[k] === v);
  texts.set(key, (text = same ? compiled.sql : null));
  return text;
}

/** A JSON escape other than `\"` and `\\`: an array literal would read it as another character. */
const OTHER_ESCAPE = /\\[^"\\]/;

/**
 * A PostgreSQL array literal of strings, numbers and nulls: JSON.stringify's array with braces for
 * brackets. JSON.stringify is native code, where the driver's own serializer escapes each string
 * in JavaScript (2.1–3.0 against 2.9–3.7 µs a row of the flush's process, docs/decisions.md D52).
 * Both quote strings and escape `"` and `\` with a backslash, and `null` reads as NULL. Any other
 * JSON escape (a control character) means something else in an array literal, so such a column
 * goes through the driver's serializer.
 */
function arrayLiteral(values: unknown[]): string | unknown[] {
  const json = JSON.stringify(values);
  return OTHER_ESCAPE.test(json) ? values : `{${json.slice(1, -1)}}`;
}

/** How many rows one insertRows statement takes on PostgreSQL (a parameter a column, not a value). */
const PG_ROWS_PER_INSERT = 20 * ROWS_PER_STATEMENT;

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
