import type { Insertable, Updateable } from 'kysely';
import type { DB } from '../../db/database.js';
import type { DppModelsTable } from './models.table.js';
import type { ModelRow } from './models.fns.js';
import { verifiedPrefixCovering } from '../gs1-prefixes/index.js';
import { joinOrganization } from '../organizations/index.js';

/** A model passport of the workspace; another workspace's id reads as absent (docs/decisions.md D3). */
export function findModel(db: DB, workspaceId: string, id: string) {
  return db
    .selectFrom('dpp_models')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The published model passport of a GTIN, across organizations, served only while its
 * organization holds a verified GS1 company prefix covering the GTIN (as findPublished).
 */
export async function findPublishedModel(
  db: DB,
  gtin14: string,
): Promise<{ row: ModelRow; gone: boolean } | undefined> {
  const found = await joinOrganization(db.selectFrom('dpp_models as m'), 'm.organization_id')
    .selectAll('m')
    .select((eb) => [
      'organizations.deleted_at as org_deleted_at',
      eb.exists(verifiedPrefixCovering(db, 'm.organization_id', gtin14)).as('owned'),
    ])
    .where('m.gtin', '=', gtin14)
    .where('m.publication_status', '=', 'published')
    .executeTakeFirst();
  if (!found) return undefined;
  const { org_deleted_at, owned, ...row } = found;
  if (org_deleted_at) return { row, gone: true };
  return owned && Number(owned) !== 0 ? { row, gone: false } : undefined;
}

export function insertModel(db: DB, row: Insertable<DppModelsTable>) {
  return db.insertInto('dpp_models').values(row).execute();
}

export function updateModel(db: DB, id: string, values: Updateable<DppModelsTable>) {
  return db.updateTable('dpp_models').set(values).where('id', '=', id).execute();
}

export function listModelsQuery(db: DB, workspaceId: string, f: { gtin?: string; publication_status?: string }) {
  let q = db.selectFrom('dpp_models').where('workspace_id', '=', workspaceId);
  if (f.gtin) q = q.where('gtin', '=', f.gtin);
  if (f.publication_status)
    q = q.where('publication_status', '=', f.publication_status as DppModelsTable['publication_status']);
  return q.selectAll();
}
