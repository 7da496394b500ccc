import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isPostgres } from './database.js';

/** Case-insensitive substring match on both dialects. */
export function containsInsensitive(db: Kysely<any>, column: string, term: string): RawBuilder<boolean> {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return isPostgres(db)
    ? sql<boolean>`${sql.ref(column)} ilike ${pattern} escape '\\'`
    : sql<boolean>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`;
}
