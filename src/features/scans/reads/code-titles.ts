import type { DB } from '../../../db/database.js';

/** Titles of the workspace's codes among `ids`, so top codes read as names without a second request per page of codes. */
export async function codeTitles(db: DB, workspaceId: string, ids: string[]): Promise<Map<string, string | null>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('codes')
    .select(['id', 'title'])
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.title]));
}
