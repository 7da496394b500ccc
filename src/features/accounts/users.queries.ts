import type { SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

// What other features join or filter on of users (docs/decisions.md D71): who someone is and
// where to reach them, never their secrets.

/** The users' public columns, for a join (`innerJoin(userRows(db).as('u'), …)`). */
export const userRows = (db: DB) =>
  db.selectFrom('users').select(['id', 'email', 'name', 'locale', 'erased_at', 'email_verified_at', 'created_at']);

/** The people behind these ids (a list or a subquery of ids) who can still be told anything, by id. */
export function recipientsAmong(
  db: DB,
  ids: string[] | SelectQueryBuilder<Database, any, Record<string, string | null>>,
) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'locale'])
    .where('id', 'in', ids)
    .where('erased_at', 'is', null)
    .orderBy('id')
    .execute();
}
