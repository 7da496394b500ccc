import { sql, type Insertable, type Updateable } from 'kysely';
import type { DB } from '../../db/database.js';
import type { DppPassportsTable, DppVersionsTable } from './dpp.table.js';
import type { PassportRow } from './dpp.fns.js';
import { verifiedPrefixCovering } from '../gs1-prefixes/index.js';
import { joinOrganization } from '../organizations/index.js';

/** A passport of the workspace; another workspace's id reads as absent (docs/decisions.md D3). */
export function findPassport(db: DB, workspaceId: string, id: string) {
  return db
    .selectFrom('dpp_passports')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Whether a passport with this id exists anywhere in the organization (predecessor links). */
export async function passportExistsInOrg(db: DB, organizationId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('dpp_passports')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return !!row;
}

/**
 * The published passport for a GS1 key, across organizations (the resolver is global; a unique
 * index keeps published keys unique). A lot, when given, must match. `gone` when its organization
 * was deleted (410); a passport whose organization holds no verified GS1 company prefix covering
 * the GTIN any more is not served at all, so ownership is checked where it matters, on every read.
 */
export async function findPublished(
  db: DB,
  key: { gtin14: string; serial: string; lot?: string },
): Promise<{ row: PassportRow; gone: boolean } | undefined> {
  let q = joinOrganization(db.selectFrom('dpp_passports as p'), 'p.organization_id')
    .selectAll('p')
    .select((eb) => [
      'organizations.deleted_at as org_deleted_at',
      eb.exists(verifiedPrefixCovering(db, 'p.organization_id', key.gtin14)).as('owned'),
    ])
    .where('p.gtin', '=', key.gtin14)
    .where('p.serial', '=', key.serial)
    .where('p.publication_status', '=', 'published');
  if (key.lot !== undefined) q = q.where('p.lot', '=', key.lot);
  const found = await q.executeTakeFirst();
  if (!found) return undefined;
  const { org_deleted_at, owned, ...row } = found;
  if (org_deleted_at) return { row, gone: true };
  return owned && Number(owned) !== 0 ? { row, gone: false } : undefined;
}

/**
 * The newest published passport of a GTIN (and lot, when given) whose organization still serves
 * it: the source of the lot and GTIN levels a resolver walks up to when the battery's own key is
 * unknown and no model passport covers the GTIN (RES 2.5.9).
 */
export async function findNewestPublished(
  db: DB,
  key: { gtin14: string; lot?: string },
): Promise<PassportRow | undefined> {
  let q = joinOrganization(db.selectFrom('dpp_passports as p'), 'p.organization_id')
    .selectAll('p')
    .where('p.gtin', '=', key.gtin14)
    .where('p.publication_status', '=', 'published')
    .where('organizations.deleted_at', 'is', null)
    .where((eb) => eb.exists(verifiedPrefixCovering(db, 'p.organization_id', key.gtin14)));
  if (key.lot !== undefined) q = q.where('p.lot', '=', key.lot);
  return q.orderBy('p.published_at', 'desc').orderBy('p.id', 'desc').limit(1).executeTakeFirst();
}

export function insertPassport(db: DB, row: Insertable<DppPassportsTable>) {
  return db.insertInto('dpp_passports').values(row).execute();
}

export function updatePassport(db: DB, id: string, values: Updateable<DppPassportsTable>) {
  return db.updateTable('dpp_passports').set(values).where('id', '=', id).execute();
}

export function insertVersion(db: DB, row: Insertable<DppVersionsTable>) {
  return db.insertInto('dpp_versions').values(row).execute();
}

export interface PassportFilter {
  gtin?: string;
  category?: string;
  battery_status?: string;
  publication_status?: string;
}

export function listPassportsQuery(db: DB, workspaceId: string, f: PassportFilter) {
  let q = db.selectFrom('dpp_passports').where('workspace_id', '=', workspaceId);
  if (f.gtin) q = q.where('gtin', '=', f.gtin);
  if (f.category) q = q.where('category', '=', f.category as DppPassportsTable['category']);
  if (f.battery_status) q = q.where('battery_status', '=', f.battery_status as DppPassportsTable['battery_status']);
  if (f.publication_status)
    q = q.where('publication_status', '=', f.publication_status as DppPassportsTable['publication_status']);
  return q.selectAll();
}

/** A passport's versions, for paginate() keyed on the version number. */
export function versionsQuery(db: DB, passportId: string) {
  return db.selectFrom('dpp_versions').selectAll().where('passport_id', '=', passportId);
}

/** Published passports of other organizations whose GTIN falls under `prefix` (squats made before ownership). */
export function publishedUnderPrefixElsewhere(db: DB, organizationId: string, prefix: string) {
  return db
    .selectFrom('dpp_passports')
    .selectAll()
    .where('organization_id', '!=', organizationId)
    .where('publication_status', '=', 'published')
    .where(sql<string>`substr(gtin, 2, ${sql.lit(prefix.length)})`, '=', prefix)
    .execute();
}
