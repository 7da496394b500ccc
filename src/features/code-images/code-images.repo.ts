import type { DB } from '../../db/database.js';
import { listCodesQuery, liveCodes } from '../codes/index.js';
import type { CodeListQuery } from '../codes/index.js';

export type CodeFilter = Omit<CodeListQuery, 'limit' | 'cursor'>;

/** Live (not deleted) codes of the workspace among `ids`; another workspace's ids are absent. */
export function findLiveCodes(db: DB, workspaceId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return liveCodes(db, workspaceId).selectAll().where('id', 'in', ids).execute();
}

export async function findLiveCodeIds(db: DB, workspaceId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await liveCodes(db, workspaceId).select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** Same filters as the code list, so an export prints exactly what GET /v1/codes shows. */
export async function countFiltered(db: DB, workspaceId: string, filter: CodeFilter, now: string): Promise<number> {
  const { n } = await listCodesQuery(db, workspaceId, filter, now)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** One keyset page, newest first: ids below `before` (all when undefined). */
export function findFilteredPage(
  db: DB,
  workspaceId: string,
  filter: CodeFilter,
  now: string,
  before: string | undefined,
  limit: number,
) {
  let q = listCodesQuery(db, workspaceId, filter, now);
  if (before !== undefined) q = q.where('id', '<', before);
  return q.orderBy('id', 'desc').limit(limit).execute();
}
