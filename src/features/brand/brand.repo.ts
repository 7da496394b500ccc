import type { Insertable, Updateable } from 'kysely';
import type { DB } from '../../db/database.js';
import type { BrandKitsTable, LogosTable } from './brand.table.js';

/** Library columns of a logo: everything but the file. */
const LOGO_META = [
  'id',
  'organization_id',
  'workspace_id',
  'name',
  'content_type',
  'width',
  'height',
  'bytes',
  'created_at',
  'deleted_at',
] as const;

export function insertLogo(db: DB, row: Insertable<LogosTable>) {
  return db.insertInto('logos').values(row).execute();
}

export function listLogosQuery(db: DB, workspaceId: string) {
  return db
    .selectFrom('logos')
    .select(LOGO_META)
    .where('workspace_id', '=', workspaceId)
    .where('deleted_at', 'is', null);
}

/** One logo of the workspace; `withDeleted` for drawing codes that still use a deleted one. */
export function findLogo(db: DB, workspaceId: string, id: string, withDeleted = false) {
  let q = db.selectFrom('logos').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id);
  if (!withDeleted) q = q.where('deleted_at', 'is', null);
  return q.executeTakeFirst();
}

export function markLogoDeleted(db: DB, id: string, at: string) {
  return db.updateTable('logos').set({ deleted_at: at }).where('id', '=', id).execute();
}

export function insertKit(db: DB, row: Insertable<BrandKitsTable>) {
  return db.insertInto('brand_kits').values(row).execute();
}

export function listKitsQuery(db: DB, workspaceId: string) {
  return db
    .selectFrom('brand_kits')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('deleted_at', 'is', null);
}

export function findKit(db: DB, workspaceId: string, id: string, withDeleted = false) {
  let q = db.selectFrom('brand_kits').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id);
  if (!withDeleted) q = q.where('deleted_at', 'is', null);
  return q.executeTakeFirst();
}

/** One page kit per workspace: setting one clears the others (docs/decisions.md D82). */
export function clearPagesDefault(db: DB, workspaceId: string, exceptId: string, at: string) {
  return db
    .updateTable('brand_kits')
    .set({ pages_default: 0, updated_at: at })
    .where('workspace_id', '=', workspaceId)
    .where('pages_default', '=', 1)
    .where('id', '!=', exceptId)
    .execute();
}

export function updateKit(db: DB, id: string, values: Updateable<BrandKitsTable>) {
  return db.updateTable('brand_kits').set(values).where('id', '=', id).execute();
}
