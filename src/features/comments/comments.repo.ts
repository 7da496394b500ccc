import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CodeCommentsTable } from './comments.table.js';

type Db = Kysely<Database>;

export function insertComment(db: Db, row: Insertable<CodeCommentsTable>) {
  return db.insertInto('code_comments').values(row).execute();
}

export function listCommentsQuery(db: Db, codeId: string) {
  return db.selectFrom('code_comments').where('code_id', '=', codeId).where('deleted_at', 'is', null).selectAll();
}

export function findComment(db: Db, codeId: string, id: string) {
  return db.selectFrom('code_comments').selectAll().where('code_id', '=', codeId).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

export function markCommentDeleted(db: Db, id: string, at: string) {
  return db.updateTable('code_comments').set({ deleted_at: at }).where('id', '=', id).execute();
}
