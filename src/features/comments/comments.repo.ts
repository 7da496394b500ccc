import type { Insertable } from 'kysely';
import type { DB } from '../../db/database.js';
import type { CodeCommentsTable } from './comments.table.js';

export function insertComment(db: DB, row: Insertable<CodeCommentsTable>) {
  return db.insertInto('code_comments').values(row).execute();
}

export function listCommentsQuery(db: DB, codeId: string) {
  return db.selectFrom('code_comments').where('code_id', '=', codeId).where('deleted_at', 'is', null).selectAll();
}

export function findComment(db: DB, codeId: string, id: string) {
  return db
    .selectFrom('code_comments')
    .selectAll()
    .where('code_id', '=', codeId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function markCommentDeleted(db: DB, id: string, at: string) {
  return db.updateTable('code_comments').set({ deleted_at: at }).where('id', '=', id).execute();
}
