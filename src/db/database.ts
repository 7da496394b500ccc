import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from './schema.js';
import { WaitingSqliteDialect } from './sqlite-dialect.js';

export type DB = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';

export function dialectOf(url: string): DialectName {
  return /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite';
}

export { isPostgres } from './migrations/dialect.js';

function sqlitePath(url: string): string {
  return url.replace(/^sqlite:(\/\/)?/, '') || ':memory:';
}

export interface OpenOptions {
  /**
   * PostgreSQL `application_name` (default `qrs`), so an operator can find this process's
   * backends in pg_stat_activity; `?application_name=` in the URL takes precedence.
   */
  applicationName?: string;
  /** PostgreSQL pool size (config.pgPoolMax, from PG_POOL_MAX); default 10 */
  poolMax?: number;
  /** told about connections the server dropped; the pool has already replaced them */
  onConnectionError?: (err: Error) => void;
}

const connectionErrorListeners = new WeakMap<DB, Set<(err: Error) => void>>();

/** Hears about dropped PostgreSQL connections of `db` (the app logs them); returns an unsubscribe. */
export function onConnectionError(db: DB, listener: (err: Error) => void): () => void {
  const set = connectionErrorListeners.get(db);
  set?.add(listener);
  return () => set?.delete(listener);
}

export function openDatabase(url: string, opts: OpenOptions = {}): DB {
  if (dialectOf(url) === 'postgres') {
    // int8 (COUNT, SUM) arrives as a string by default; our counts stay far below 2^53.
    pg.types.setTypeParser(20, (v) => Number(v));
    const pool = resilientPool({
      connectionString: url,
      max: opts.poolMax ?? 10,
      application_name: opts.applicationName ?? 'qrs',
    });
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({
        // Every query here reads or writes rows of one answer through a key range. A parallel
        // plan, which PostgreSQL picks for a union of such ranges once the tables have statistics,
        // spends 30-50 ms starting workers to save a millisecond (docs/analytics.md). A SET, not a
        // startup option, so a connection pooler passes it through or ignores it.
        pool: preparingEachClient(pool, 'set max_parallel_workers_per_gather = 0'),
      }),
    });
    const listeners = new Set<(err: Error) => void>(opts.onConnectionError ? [opts.onConnectionError] : []);
    connectionErrorListeners.set(db, listeners);
    pool.on('error', (err) => {
      for (const l of listeners) l(err);
    });
    return db;
  }
  const path = sqlitePath(url);
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = sqliteConnection(path);
  const db = new Kysely<Database>({
    dialect: new WaitingSqliteDialect(sqlite, statementCache(sqlite), sqliteBusyTimeoutMs()),
  });
  sqliteHandles.set(db, sqlite);
  return db;
}

const sqliteHandles = new WeakMap<DB, SQLite.Database>();

/** The better-sqlite3 connection under a SQLite `db` that openDatabase made; null for PostgreSQL. */
export function sqliteOf(db: DB): SQLite.Database | null {
  return sqliteHandles.get(db) ?? null;
}

/**
 * A pg.Pool that outlives its connections. PostgreSQL ends a connection on restart, failover or
 * pg_terminate_backend; pg then emits 'error' on the pool (idle client) or on the client itself
 * (checked out), and an EventEmitter's 'error' without a listener kills the process. The pool
 * drops the dead client and opens a fresh one on the next checkout, so listening is all the
 * reconnection there is; the query that was running fails and maps to 503 (connection-errors.ts).
 * A connect that does not finish in PG_CONNECT_TIMEOUT_MS fails, so requests never queue forever.
 */
export function resilientPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool({
    connectionTimeoutMillis: Number(process.env.PG_CONNECT_TIMEOUT_MS ?? 5_000),
    ...config,
  });
  // Idle clients' errors reach the pool's own 'error' event; a default listener so there is one.
  pool.on('error', () => undefined);
  // A checked-out client has no pool listener: the query in flight fails on its own, and this
  // keeps the 'error' event that follows from being fatal. Release then discards the client.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/**
 * Runs `statement` once on every new client before it is handed out. Kysely's own
 * onCreateConnection never releases a client whose first statement fails (a backend terminated
 * just after connecting), and the pool's end() then waits for it forever; here the failed client
 * is released with its error, so the pool discards it.
 */
function preparingEachClient(pool: pg.Pool, statement: string): pg.Pool {
  const prepared = new WeakSet<pg.PoolClient>();
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const ready = async (): Promise<pg.PoolClient> => {
    const client = await connect();
    if (prepared.has(client)) return client;
    try {
      await client.query(statement);
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
    prepared.add(client);
    return client;
  };
  type Callback = (err: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void;
  // pool.query() calls connect with a callback; Kysely awaits the promise.
  (pool as { connect: (cb?: Callback) => Promise<pg.PoolClient> | undefined }).connect = (cb?: Callback) => {
    if (!cb) return ready();
    ready().then(
      (client) => cb(undefined, client, (release) => client.release(release as Error | undefined)),
      (err: Error) => cb(err),
    );
    return undefined;
  };
  return pool;
}

/** A better-sqlite3 connection with our settings. */
export function sqliteConnection(path: string): SQLite.Database {
  const sqlite = new SQLite(path);
  // WAL lets readers proceed during the scan buffer's batched writes, and another process (the CLI)
  // write to the same file.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  // How long a write waits for another connection's lock before failing with SQLITE_BUSY (a 503).
  // Kysely's connections wait in sqlite-dialect.ts instead, without stopping the thread.
  sqlite.pragma(`busy_timeout = ${sqliteBusyTimeoutMs()}`);
  sqlite.pragma('foreign_keys = ON');
  return sqlite;
}

/**
 * better-sqlite3 parses and plans a statement on every prepare(), and Kysely prepares each query it
 * runs. The service runs the same statement texts over and over (a CPU profile of the redirect
 * benchmark spent about a fifth of the scan flush in prepare(), mostly on its full 1,000-row
 * inserts, which are one text), so texts are prepared once and kept, least recently used dropped
 * first: 500 short ones, and 8 long ones, since a multi-row insert is one long text for each row
 * count and its prepared program takes up to about 1 MB. Kysely runs one query at a time on this
 * connection, so a kept statement is never in use twice; SQLite prepares it again by itself after
 * a schema change.
 */
function statementCache(sqlite: SQLite.Database): (sql: string) => SQLite.Statement {
  const short = new Map<string, SQLite.Statement>();
  const long = new Map<string, SQLite.Statement>();
  return (sql: string) => {
    const [kept, max] = sql.length <= 4_096 ? [short, 500] : [long, 8];
    let statement = kept.get(sql);
    if (statement) kept.delete(sql);
    else statement = sqlite.prepare(sql);
    kept.set(sql, statement);
    if (kept.size > max) kept.delete(kept.keys().next().value!);
    return statement;
  };
}

function sqliteBusyTimeoutMs(): number {
  const n = Number(process.env.SQLITE_BUSY_TIMEOUT_MS ?? 5_000);
  return Number.isInteger(n) && n >= 0 ? n : 5_000;
}
