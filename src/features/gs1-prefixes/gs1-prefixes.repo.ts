import type { Insertable, Updateable } from 'kysely';
import type { DB } from '../../db/database.js';
import type { Gs1PrefixesTable } from './gs1-prefixes.table.js';
import { prefixesCovering, shorterPrefixesOf } from './gs1-prefixes.fns.js';
import { deletedOrganizationIds, joinOrganization } from '../organizations/index.js';

export function insertPrefix(db: DB, row: Insertable<Gs1PrefixesTable>) {
  return db.insertInto('gs1_prefixes').values(row).execute();
}

export function findPrefix(db: DB, organizationId: string, id: string) {
  return db
    .selectFrom('gs1_prefixes')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findPrefixByValue(db: DB, organizationId: string, prefix: string) {
  return db
    .selectFrom('gs1_prefixes')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('prefix', '=', prefix)
    .executeTakeFirst();
}

export function prefixesQuery(db: DB, organizationId: string) {
  return db.selectFrom('gs1_prefixes').selectAll().where('organization_id', '=', organizationId);
}

export function deletePrefix(db: DB, id: string) {
  return db.deleteFrom('gs1_prefixes').where('id', '=', id).execute();
}

export function updatePrefix(db: DB, id: string, set: Updateable<Gs1PrefixesTable>) {
  return db.updateTable('gs1_prefixes').set(set).where('id', '=', id).execute();
}

/** Any organization's claim, for the operator (a deleted organization's claims are nobody's). */
export function findClaim(db: DB, id: string) {
  return joinOrganization(db.selectFrom('gs1_prefixes as g'), 'g.organization_id')
    .selectAll('g')
    .select('organizations.name as organization_name')
    .where('g.id', '=', id)
    .where('organizations.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The operator's queue: claims of live organizations in one status, oldest submission first. */
export function claimsByStatus(
  db: DB,
  status: Gs1PrefixesTable['status'],
  limit: number,
  after?: { at: string; id: string },
) {
  let q = joinOrganization(db.selectFrom('gs1_prefixes as g'), 'g.organization_id')
    .selectAll('g')
    .select('organizations.name as organization_name')
    .where('g.status', '=', status)
    .where('organizations.deleted_at', 'is', null);
  if (after)
    q = q.where((eb) =>
      eb.or([
        eb('g.submitted_at', '>', after.at),
        eb.and([eb('g.submitted_at', '=', after.at), eb('g.id', '>', after.id)]),
      ]),
    );
  return q.orderBy('g.submitted_at', 'asc').orderBy('g.id', 'asc').limit(limit).execute();
}

export async function countClaimsByStatus(db: DB, status: Gs1PrefixesTable['status']) {
  const row = await joinOrganization(db.selectFrom('gs1_prefixes as g'), 'g.organization_id')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('g.status', '=', status)
    .where('organizations.deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A verified prefix of another live organization that overlaps `prefix` (one starts with the
 * other). Deleted organizations hold nothing.
 */
export function verifiedOverlapElsewhere(db: DB, organizationId: string, prefix: string) {
  return joinOrganization(db.selectFrom('gs1_prefixes as g'), 'g.organization_id')
    .select(['g.id', 'g.prefix', 'g.organization_id'])
    .where('g.status', '=', 'verified')
    .where('g.organization_id', '!=', organizationId)
    .where('organizations.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('g.prefix', 'in', shorterPrefixesOf(prefix)), eb('g.prefix', 'like', `${prefix}%`)]))
    .executeTakeFirst();
}

/** Verified claims of deleted organizations on overlapping prefixes: released when another verifies. */
export function releaseDeletedOwners(db: DB, prefix: string) {
  return db
    .deleteFrom('gs1_prefixes')
    .where('organization_id', 'in', deletedOrganizationIds(db))
    .where((eb) => eb.or([eb('prefix', 'in', shorterPrefixesOf(prefix)), eb('prefix', 'like', `${prefix}%`)]))
    .execute();
}

/** Whether the organization holds a verified prefix covering the GTIN (14 digits). */
export async function ownsGtin(db: DB, organizationId: string, gtin14: string): Promise<boolean> {
  const row = await db
    .selectFrom('gs1_prefixes')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('status', '=', 'verified')
    .where('prefix', 'in', prefixesCovering(gtin14))
    .executeTakeFirst();
  return !!row;
}
