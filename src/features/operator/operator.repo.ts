import type { Insertable } from 'kysely';
import type { DB } from '../../db/database.js';
import type { OperatorAuditTable } from './operator.table.js';

export async function isNamedOperator(db: DB, userId: string): Promise<boolean> {
  const row = await db.selectFrom('operators').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** Names the user an operator; true when they were not one before. */
export async function insertOperator(db: DB, userId: string, at: string): Promise<boolean> {
  const res = await db
    .insertInto('operators')
    .values({ user_id: userId, added_at: at })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** True when the user was an operator by the table. */
export async function deleteOperator(db: DB, userId: string): Promise<boolean> {
  const res = await db.deleteFrom('operators').where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export function insertOperatorAudit(db: DB, row: Insertable<OperatorAuditTable>) {
  return db.insertInto('operator_audit').values(row).execute();
}

/** The instance audit log, optionally of one target. No ORDER BY or LIMIT: the pagination adds them. */
export function operatorAuditQuery(db: DB, filter: { targetId?: string; action?: string }) {
  let q = db.selectFrom('operator_audit').selectAll();
  if (filter.targetId) q = q.where('target_id', '=', filter.targetId);
  if (filter.action) q = q.where('action', '=', filter.action);
  return q;
}

/** The users named operators (of one user when `userId` is given), oldest first. */
export function namedOperators(db: DB, userId?: string) {
  let q = db.selectFrom('operators').select(['user_id', 'added_at']);
  if (userId) q = q.where('user_id', '=', userId);
  return q.orderBy('added_at').orderBy('user_id').execute();
}
