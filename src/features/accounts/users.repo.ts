import type { DB } from '../../db/database.js';
import { resetSecondFactorBudget } from './second-factor-throttle.js';

/** E-mail addresses are stored trimmed and lower-cased (createUser), so lookups normalise too. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function findUserByEmail(db: DB, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

export function findUserById(db: DB, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Names and addresses of several users at once (who made audit entries and comments). */
export function userNamesByIds(db: DB, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'name', 'email', 'erased_at']).where('id', 'in', ids).execute();
}

export function updateProfile(db: DB, userId: string, patch: { name?: string | null; locale?: string }, at: string) {
  return db
    .updateTable('users')
    .set({ ...patch, updated_at: at })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Every password change goes through here. A reset link minted before it stops working (it would
 * undo the change), and a pause of wrong second factors ends.
 */
export async function updatePasswordHash(db: DB, userId: string, hash: string, at: string) {
  await db.updateTable('users').set({ password_hash: hash, updated_at: at }).where('id', '=', userId).execute();
  await db
    .updateTable('user_tokens')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('purpose', '=', 'password_reset')
    .where('used_at', 'is', null)
    .execute();
  await resetSecondFactorBudget(db, userId, new Date(at));
}
