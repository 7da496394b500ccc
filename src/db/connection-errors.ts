/**
 * Which database errors mean "the database is not reachable right now" rather than "this query is
 * wrong". The problem plugin answers these with 503 `unavailable` and `Retry-After` instead of 500
 * `internal`; the one place that decides it.
 */

/** Seconds a client is told to wait (`Retry-After`) when the database does not answer. */
export const DATABASE_RETRY_AFTER_S = 5;

// Node socket errors: the server is down, restarting, unreachable or cut the connection.
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// PostgreSQL SQLSTATE: class 08 (connection exception), 57P01 admin_shutdown (restart,
// pg_terminate_backend), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or in
// recovery), 53300 too_many_connections.
const PG_STATE = /^(08...|57P0[123]|53300)$/;

// better-sqlite3: another connection holds the lock past busy_timeout, or the file cannot be
// opened or read (disk gone, permissions): retrying later can succeed.
const SQLITE_CODES = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR)(_|$)/;

// node-postgres says these in words only, without a code.
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Client was closed and is not queryable',
];

export function isConnectionError(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || PG_STATE.test(code) || SQLITE_CODES.test(code)))
      return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && PG_MESSAGES.some((m) => message.includes(m))) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isConnectionError(inner))) return true;
  }
  return false;
}
