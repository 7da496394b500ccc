import { sql } from 'kysely';
import type { DB } from '../../db/database.js';

// Reads of codes other features compose into their own statements or call as lookups
// (docs/decisions.md D71): the redirect, scan analytics and exports, code images.

/**
 * The dynamic code a short code names, with what the redirect needs of it: by its current short
 * code, or (`alias`) by a former one kept as an alias (docs/decisions.md D19). The redirect joins
 * the workspace and organization onto it, so a scan's lookup stays one indexed statement.
 */
export function redirectCodeQuery(db: DB, shortCode: string, alias: boolean) {
  const query = db
    .selectFrom('codes')
    .select([
      'codes.id',
      'codes.workspace_id',
      'codes.organization_id',
      'codes.status',
      'codes.url',
      'codes.destinations',
      'codes.expires_at',
      'codes.fallback_url',
      'codes.max_scans',
      'codes.scan_count',
      'codes.short_code',
      'codes.rules',
      'codes.utm',
      'codes.password_hash',
      'codes.append_click_id',
      'codes.type',
      'codes.content',
      'codes.title',
      'codes.style',
    ])
    .where('codes.dynamic', '=', 1);
  return alias
    ? query.where('codes.id', '=', (eb) =>
        eb.selectFrom('code_aliases').select('code_aliases.code_id').where('code_aliases.short_code', '=', shortCode),
      )
    : query.where('codes.short_code', '=', shortCode);
}

/**
 * The condition on a rollup's `code_id` that picks a workspace's codes with a tag: a subquery, so
 * a read binds two parameters whatever the tag's size (see scans' code sets).
 */
export const taggedSql = (workspaceId: string, tag: string) =>
  sql`code_id in (select code_id from code_tags where workspace_id = ${workspaceId} and tag = ${tag})`;

/** Whether some code of the workspace has the tag. */
export async function tagInUse(db: DB, workspaceId: string, tag: string): Promise<boolean> {
  const any = await db
    .selectFrom('code_tags')
    .select('code_id')
    .where('workspace_id', '=', workspaceId)
    .where('tag', '=', tag)
    .limit(1)
    .executeTakeFirst();
  return any !== undefined;
}

/** Titles of the workspace's codes among `ids` (deleted ones too), by id. */
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

/** The next `limit` code ids of a workspace after `afterId`, deleted codes included (their scans stay). */
export async function workspaceCodeIds(
  db: DB,
  workspaceId: string,
  afterId: string | null,
  limit: number,
): Promise<string[]> {
  let q = db.selectFrom('codes').select('id').where('workspace_id', '=', workspaceId);
  if (afterId !== null) q = q.where('id', '>', afterId);
  return (await q.orderBy('id').limit(limit).execute()).map((r) => r.id);
}
