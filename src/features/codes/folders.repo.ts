import { sql, type Insertable, type Updateable } from 'kysely';
import type { DB } from '../../db/database.js';
import type { FoldersTable } from './folders.table.js';

/** A workspace's folders with the count of live codes directly in each. */
export function foldersOf(db: DB, workspaceId: string) {
  return db
    .selectFrom('folders')
    .where('folders.workspace_id', '=', workspaceId)
    .selectAll('folders')
    .select((eb) =>
      eb
        .selectFrom('codes')
        .whereRef('codes.folder_id', '=', 'folders.id')
        .where('codes.workspace_id', '=', workspaceId)
        .where('codes.status', '!=', 'deleted')
        .select(eb.fn.countAll<number | string>().as('n'))
        .as('code_count'),
    );
}

export const findFolder = (db: DB, workspaceId: string, id: string) =>
  foldersOf(db, workspaceId).where('folders.id', '=', id).executeTakeFirst();

export const insertFolder = (db: DB, row: Insertable<FoldersTable>) => db.insertInto('folders').values(row).execute();

export const updateFolder = (db: DB, id: string, values: Updateable<FoldersTable>) =>
  db.updateTable('folders').set(values).where('id', '=', id).execute();

export const deleteFolder = (db: DB, id: string) => db.deleteFrom('folders').where('id', '=', id).execute();

export async function hasSubfolders(db: DB, workspaceId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('folders')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('parent_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function holdsCodes(db: DB, workspaceId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('codes')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('folder_id', '=', id)
    .where('status', '!=', 'deleted')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** One folder of the workspace, without its count: what a check of a code's or a folder's parent needs. */
export const folderRow = (db: DB, workspaceId: string, id: string) =>
  db.selectFrom('folders').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();

/** The condition on a code's `folder_id` that picks a folder's codes, its subfolders' included. */
export const inFolderCondition = (workspaceId: string, folderId: string) =>
  sql<boolean>`(folder_id = ${folderId} or folder_id in (select id from folders where workspace_id = ${workspaceId} and parent_id = ${folderId}))`;

/**
 * The condition on a rollup's `code_id` that picks a folder's codes, its subfolders' included: a
 * subquery, so a read binds a few parameters whatever the folder's size (see scans' code sets).
 */
export const inFolderSql = (workspaceId: string, folderId: string) =>
  sql`code_id in (select id from codes where workspace_id = ${workspaceId} and ${inFolderCondition(workspaceId, folderId)})`;
