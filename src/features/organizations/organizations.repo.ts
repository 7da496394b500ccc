import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { OrganizationsTable } from './organizations.table.js';

export function insertOrganization(db: Kysely<Database>, row: Insertable<OrganizationsTable>) {
  return db.insertInto('organizations').values(row).execute();
}

export function findActiveOrganization(db: Kysely<Database>, id: string) {
  return db.selectFrom('organizations').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

export function addMembership(db: Kysely<Database>, organizationId: string, userId: string, role: 'org_admin' | 'member', at: Date) {
  return db.insertInto('memberships').values({ organization_id: organizationId, user_id: userId, role, created_at: at.toISOString() }).execute();
}
