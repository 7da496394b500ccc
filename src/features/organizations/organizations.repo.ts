import type { Insertable, Updateable } from 'kysely';
import type { DB } from '../../db/database.js';
import type { OrganizationsTable } from './organizations.table.js';

export function insertOrganization(db: DB, row: Insertable<OrganizationsTable>) {
  return db.insertInto('organizations').values(row).execute();
}

export function findActiveOrganization(db: DB, id: string) {
  return db
    .selectFrom('organizations')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Soft-deleted organizations keep their slug: the rows stay (docs/decisions.md D5), so the slug stays reserved. */
export async function slugExists(db: DB, slug: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('organizations').select('id').where('slug', '=', slug);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export function updateOrganization(db: DB, id: string, patch: Updateable<OrganizationsTable>) {
  return db.updateTable('organizations').set(patch).where('id', '=', id).execute();
}

export function addMembership(db: DB, organizationId: string, userId: string, role: 'org_admin' | 'member', at: Date) {
  return db
    .insertInto('memberships')
    .values({ organization_id: organizationId, user_id: userId, role, created_at: at.toISOString() })
    .execute();
}

/**
 * Ends the sessions of the organization's users who have no other active organization, so that
 * after a soft delete their cookies answer 401 instead of reaching an empty account.
 */
export async function endSessionsOfOrphanedMembers(db: DB, organizationId: string) {
  const others = db
    .selectFrom('memberships as o')
    .innerJoin('organizations as org', 'org.id', 'o.organization_id')
    .select('o.user_id')
    .where('o.organization_id', '!=', organizationId)
    .where('org.deleted_at', 'is', null);
  await db
    .deleteFrom('sessions')
    .where(
      'user_id',
      'in',
      db.selectFrom('memberships').select('user_id').where('organization_id', '=', organizationId),
    )
    .where('user_id', 'not in', others)
    .execute();
}

/** Short codes of the organization's dynamic codes, whose cached redirects must be dropped on deletion. */
export async function shortCodesOfOrganization(db: DB, organizationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('codes')
    .select('short_code')
    .where('organization_id', '=', organizationId)
    .where('short_code', 'is not', null)
    .execute();
  return rows.map((r) => r.short_code!);
}

export async function findDefaultWorkspaceId(db: DB, organizationId: string): Promise<string> {
  const row = await db
    .selectFrom('workspaces')
    .select('id')
    .where('organization_id', '=', organizationId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'asc')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findOrganizationIdBySlug(db: DB, slug: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('organizations')
    .select('id')
    .where('slug', '=', slug)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.id;
}
