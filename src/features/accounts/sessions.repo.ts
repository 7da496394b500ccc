import type { SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { SessionsTable } from './users.table.js';

export function findSessionByHash(db: DB, tokenHash: string) {
  return db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export function insertSession(db: DB, row: SessionsTable) {
  return db.insertInto('sessions').values(row).execute();
}

export function deleteSession(db: DB, id: string) {
  return db.deleteFrom('sessions').where('id', '=', id).execute();
}

export function deleteSessionsOfUser(db: DB, userId: string) {
  return db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Returns how many sessions ended. */
export async function deleteOtherSessions(db: DB, userId: string, keepId: string): Promise<number> {
  const res = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '!=', keepId)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Ends every session of these users (a subquery of ids, so that it stays one statement). */
export function deleteSessionsOfUsersIn(db: DB, userIds: SelectQueryBuilder<Database, any, { user_id: string }>) {
  return db.deleteFrom('sessions').where('user_id', 'in', userIds).execute();
}
