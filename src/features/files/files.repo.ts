import type { Insertable } from 'kysely';
import type { DB } from '../../db/database.js';
import type { FilesTable } from './files.table.js';

export function insertFile(db: DB, row: Insertable<FilesTable>) {
  return db.insertInto('files').values(row).execute();
}

/** One file of the workspace, or undefined: another workspace's id reads as unknown. */
export function findFile(db: DB, workspaceId: string, id: string) {
  return db
    .selectFrom('files')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}
