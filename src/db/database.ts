import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema.js';

export type DB = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';

export function dialectOf(url: string): DialectName {
  return /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite';
}

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function sqlitePath(url: string): string {
  return url.replace(/^sqlite:(\/\/)?/, '') || ':memory:';
}

/** The file of a SQLite URL, or null for PostgreSQL and in-memory SQLite (nothing to share). */
export function sqliteFilePath(url: string): string | null {
  if (dialectOf(url) === 'postgres') return null;
  const path = sqlitePath(url);
  return path === ':memory:' ? null : path;
}

export function openDatabase(url: string): DB {
  if (dialectOf(url) === 'postgres') {
    // int8 (COUNT, SUM) arrives as a string by default; our counts stay far below 2^53.
    pg.types.setTypeParser(20, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_MAX ?? 10) });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const path = sqlitePath(url);
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqliteConnection(path) }) });
}

/** A better-sqlite3 connection with our settings; the scan writer thread opens its own with it. */
export function sqliteConnection(path: string): SQLite.Database {
  const sqlite = new SQLite(path);
  // WAL lets readers proceed during the scan buffer's batched writes, and a second connection
  // (the scan writer thread) write to the same file.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  return sqlite;
}
