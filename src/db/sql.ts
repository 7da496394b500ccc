import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isPostgres } from './database.js';

/** Row lock for read-check-write sequences. SQLite serialises transactions on its one connection. */
export async function lockRow(db: Kysely<any>, table: string, id: string): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`select id from ${sql.table(table)} where id = ${id} for update`.execute(db);
}

/** Case-insensitive substring match on both dialects. */
export function containsInsensitive(db: Kysely<any>, column: string, term: string): RawBuilder<boolean> {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return isPostgres(db)
    ? sql<boolean>`${sql.ref(column)} ilike ${pattern} escape '\\'`
    : sql<boolean>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`;
}

export const bool = (v: number | boolean | null | undefined): boolean => v === 1 || v === true;
export const flag = (v: boolean): number => (v ? 1 : 0);

export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (text == null || text === '') return fallback;
  return JSON.parse(text) as T;
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
