import { sql } from 'kysely';
import { isPostgres, type DB } from '../../db/database.js';

const DATABASE_CHECK_MS = 2_000;

export interface DatabaseCheck {
  dialect: 'postgres' | 'sqlite';
  reachable: boolean;
  /** how long `select 1` took, ms; null when it did not answer */
  latencyMs: number | null;
  error?: unknown;
}

/** `select 1` within 2 s: what GET /v1/health and the operator's health screen call the database's state. */
export async function checkDatabase(db: DB): Promise<DatabaseCheck> {
  const dialect = isPostgres(db) ? 'postgres' : 'sqlite';
  let timer: NodeJS.Timeout | undefined;
  const started = performance.now();
  try {
    await Promise.race([
      sql`select 1`.execute(db),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${DATABASE_CHECK_MS} ms`)), DATABASE_CHECK_MS);
      }),
    ]);
    return { dialect, reachable: true, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch (error) {
    return { dialect, reachable: false, latencyMs: null, error };
  } finally {
    clearTimeout(timer);
  }
}
