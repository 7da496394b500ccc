import { sql, type Insertable, type Updateable } from 'kysely';
import type { DB } from '../../db/database.js';
import { containsInsensitive } from '../../db/text-match.js';
import type { CodesTable } from './codes.table.js';
import type { CodeListQuery } from './codes.schemas.js';
import { claimShortCode, releaseShortCode } from './short-code-keys.repo.js';
import { inFolderCondition } from './folders.repo.js';

/** A workspace's codes that are not deleted: what every code route may see. */
export const liveCodes = (db: DB, workspaceId: string) =>
  db.selectFrom('codes').where('codes.workspace_id', '=', workspaceId).where('codes.status', '!=', 'deleted');

/** Live (not deleted) code of the workspace; another workspace's id reads as absent. */
export function findCode(db: DB, workspaceId: string, id: string) {
  return liveCodes(db, workspaceId).selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Inserts a code; for a dynamic one, retries fresh short codes until one's key is free.
 * `on conflict do nothing` keeps a PostgreSQL transaction usable after a collision.
 */
export async function insertCode(
  db: DB,
  row: Insertable<CodesTable>,
  nextShortCode: (() => string) | string | null,
): Promise<string | null> {
  if (!nextShortCode) {
    await db
      .insertInto('codes')
      .values({ ...row, short_code: null })
      .execute();
    return null;
  }
  // A chosen (vanity) code is tried once: null tells the caller it is taken.
  const attempts = typeof nextShortCode === 'string' ? 1 : 10;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const shortCode = typeof nextShortCode === 'string' ? nextShortCode : nextShortCode();
    // Its key first: a name some code holds in any case is taken (docs/decisions.md D59).
    if (!(await claimShortCode(db, shortCode, row.id))) continue;
    const res = await db
      .insertInto('codes')
      .values({ ...row, short_code: shortCode })
      .onConflict((oc) => oc.column('short_code').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (res) return shortCode;
    await releaseShortCode(db, shortCode, row.id);
  }
  if (typeof nextShortCode === 'string') return null;
  throw new Error('could not find a free short code in 10 attempts');
}

export function updateCode(db: DB, id: string, values: Updateable<CodesTable>) {
  return db.updateTable('codes').set(values).where('id', '=', id).execute();
}

export async function replaceTags(db: DB, codeId: string, workspaceId: string, tags: string[], fresh = false) {
  if (!fresh) await db.deleteFrom('code_tags').where('code_id', '=', codeId).execute();
  if (tags.length)
    await db
      .insertInto('code_tags')
      .values(tags.map((tag) => ({ code_id: codeId, workspace_id: workspaceId, tag })))
      .execute();
}

export function listCodesQuery(db: DB, workspaceId: string, q: Omit<CodeListQuery, 'limit' | 'cursor'>, now: string) {
  let base = db.selectFrom('codes').where('workspace_id', '=', workspaceId).where('status', '!=', 'deleted');
  if (q.type) base = base.where('type', '=', q.type as CodesTable['type']);
  if (q.status === 'active' || q.status === 'expired') {
    const expired = sql<boolean>`((expires_at is not null and expires_at <= ${now}) or (max_scans is not null and scan_count >= max_scans))`;
    base = base.where('status', '=', 'active').where(q.status === 'expired' ? expired : sql<boolean>`not ${expired}`);
  } else if (q.status) {
    base = base.where('status', '=', q.status as CodesTable['status']);
  }
  if (q.tag) {
    const tag = q.tag;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('code_tags')
          .select('code_tags.tag')
          .whereRef('code_tags.code_id', '=', 'codes.id')
          .where('code_tags.tag', '=', tag),
      ),
    );
  }
  if (q.folder_id === 'none') base = base.where('folder_id', 'is', null);
  else if (q.folder_id !== undefined) base = base.where(inFolderCondition(workspaceId, q.folder_id));
  if (q.q) {
    const term = q.q;
    base = base.where((eb) => eb.or([containsInsensitive(db, 'title', term), containsInsensitive(db, 'url', term)]));
  }
  return base.selectAll();
}
