import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/**
 * Kysely on one better-sqlite3 connection that waits for another connection's write lock without
 * blocking the event loop (docs/decisions.md D43). better-sqlite3 is synchronous, so its
 * busy_timeout waits in the calling thread: on a SQLite file the scan writer thread holds the lock
 * for a whole batch, and every API write waited that batch out with the event loop stopped. And a
 * deferred transaction that read before it wrote got SQLITE_BUSY at once, busy_timeout or not
 * (SQLite cannot let it wait: the writer's commit would leave its snapshot stale), so such an API
 * write failed with a 503 whenever a batch was being written.
 *
 * Here the connection's busy_timeout is 0 and the waiting is ours: a transaction begins with
 * BEGIN IMMEDIATE (the write lock first, so nothing inside it can meet a busy lock), and a BEGIN or
 * a statement outside a transaction that finds the lock held lets the connection go to other
 * queries, waits a few milliseconds or until `sqliteLockReleased()` is called, and tries again,
 * up to `timeoutMs` in all; then the SQLITE_BUSY error stands (a 503, connection-errors.ts).
 */
export class WaitingSqliteDialect implements Dialect {
  constructor(
    private sqlite: SQLite.Database,
    private prepare: (sql: string) => SQLite.Statement,
    private timeoutMs: number,
  ) {}

  createAdapter() {
    return new SqliteAdapter();
  }

  createDriver(): Driver {
    return new WaitingSqliteDriver(this.sqlite, this.prepare, this.timeoutMs);
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createIntrospector(db: Kysely<any>) {
    return new SqliteIntrospector(db);
  }
}

const released = new Set<() => void>();
let announcedHolders = 0;

/**
 * The scan writer thread is about to take the write lock and will call `sqliteLockReleased()` when
 * its transaction is over. Until then a query that meets the lock waits for that call (at most
 * HELD_PAUSE_MS at a time) instead of trying every few milliseconds: each failed try costs a
 * statement and an SqliteError with its stack on the event loop, and a batch holds the lock for up
 * to a second, about fifty tries (docs/decisions.md D47).
 */
export function sqliteLockTaken(): void {
  announcedHolders++;
}

/**
 * Wakes every query of this thread waiting for the write lock: the scan writer calls it after each
 * commit of its thread, so an API write takes the lock before the next batch (the sink lets an
 * event-loop turn pass between batches) instead of polling for a gap it may keep missing.
 */
export function sqliteLockReleased(): void {
  if (announcedHolders > 0) announcedHolders--;
  const wake = [...released];
  released.clear();
  for (const w of wake) w();
}

const BUSY = /^SQLITE_BUSY(_|$)/;
const PAUSES_MS = [1, 2, 5, 10, 20];
const HELD_PAUSE_MS = 250;

/** One connection, one query or transaction at a time, in arrival order (as Kysely's own driver). */
class WaitingSqliteDriver implements Driver {
  private held = false;
  private queue: Array<() => void> = [];
  private connection: WaitingConnection;

  constructor(
    private sqlite: SQLite.Database,
    prepare: (sql: string) => SQLite.Statement,
    timeoutMs: number,
  ) {
    sqlite.pragma('busy_timeout = 0');
    this.connection = new WaitingConnection(sqlite, prepare, timeoutMs, this);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock();
    this.connection.first = true;
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    this.unlock();
  }

  async destroy(): Promise<void> {
    this.sqlite.close();
  }

  async lock(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return;
    }
    await new Promise<void>((resolve) => this.queue.push(resolve));
  }

  unlock(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.held = false;
  }
}

class WaitingConnection implements DatabaseConnection {
  constructor(
    private sqlite: SQLite.Database,
    private prepare: (sql: string) => SQLite.Statement,
    private timeoutMs: number,
    private driver: WaitingSqliteDriver,
  ) {}

  /** Set when the connection is handed out: only its first statement may let other queries in. */
  first = false;

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const deadline = performance.now() + this.timeoutMs;
    // Letting other queries in is safe only before anything of this holder ran: later statements
    // of a db.connection() callback may rely on the connection's state (last_insert_rowid, temp
    // tables), and they wait keeping it (the event loop still runs during the pause).
    const yielding = this.first;
    this.first = false;
    for (let attempt = 0; ; attempt++) {
      // Checked before: SQLite may roll a transaction back on SQLITE_BUSY, and retrying one of its
      // statements as an autocommit one would commit half of it.
      const autocommit = !this.sqlite.inTransaction;
      try {
        return this.run<R>(query);
      } catch (err) {
        const code = (err as { code?: unknown }).code;
        // Inside a transaction (BEGIN IMMEDIATE holds the lock) a busy error cannot be waited out.
        if (typeof code !== 'string' || !BUSY.test(code) || !autocommit || this.sqlite.inTransaction) throw err;
        if (performance.now() >= deadline) throw err;
        if (yielding) this.driver.unlock();
        const ms = announcedHolders > 0 ? HELD_PAUSE_MS : PAUSES_MS[Math.min(attempt, PAUSES_MS.length - 1)];
        await pause(Math.min(ms, Math.max(1, deadline - performance.now())));
        if (yielding) await this.driver.lock();
      }
    }
  }

  private run<R>(query: CompiledQuery): QueryResult<R> {
    const statement = this.prepare(query.sql);
    const parameters = query.parameters as unknown[];
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  async *streamQuery(): AsyncIterableIterator<QueryResult<never>> {
    throw new Error('streaming is not used on SQLite');
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      released.delete(done);
      resolve();
    }
    released.add(done);
  });
}
