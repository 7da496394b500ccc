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

export async function findOrganizationIdBySlug(db: DB, slug: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('organizations')
    .select('id')
    .where('slug', '=', slug)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.id;
}
