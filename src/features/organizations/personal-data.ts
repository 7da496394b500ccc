import type { DB } from '../../db/database.js';
import { defaultWorkspaces } from '../workspaces/index.js';
import type { OrganizationsTable } from './organizations.table.js';

// What organizations holds of a person, and an organization's own row, for privacy's erasure and
// exports (docs/privacy.md).

/** The live organizations the user belongs to, with the role, and each one's default workspace. */
export function liveMembershipsOf(db: DB, userId: string) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .innerJoin(defaultWorkspaces(db).as('w'), 'w.organization_id', 'o.id')
    .select(['m.organization_id', 'm.role', 'w.id as workspace_id'])
    .where('m.user_id', '=', userId)
    .where('o.deleted_at', 'is', null)
    .execute();
}

/** A live organization's slug and default workspace. */
export function liveOrganizationWithDefaultWorkspace(db: DB, organizationId: string) {
  return db
    .selectFrom('organizations as o')
    .innerJoin(defaultWorkspaces(db).as('w'), 'w.organization_id', 'o.id')
    .select(['o.slug', 'w.id as workspace_id'])
    .where('o.id', '=', organizationId)
    .where('o.deleted_at', 'is', null)
    .executeTakeFirst();
}

export const deleteMembershipsOf = (trx: DB, userId: string) =>
  trx.deleteFrom('memberships').where('user_id', '=', userId).execute();

/** An address that was an organization's billing contact stops being one. */
export const dropBillingEmail = (trx: DB, email: string) =>
  trx.updateTable('organizations').set({ billing_email: null }).where('billing_email', '=', email).execute();

/** Every organization the user belongs to (deleted ones too), with the role, for their export. */
export function membershipsOf(db: DB, userId: string) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['o.id as organization_id', 'o.name', 'm.role', 'm.created_at'])
    .where('m.user_id', '=', userId)
    .execute();
}

/** The organization's memberships (user, role, since), to join as a derived table (one statement). */
export const membershipsIn = (db: DB, organizationId: string) =>
  db.selectFrom('memberships').select(['user_id', 'role', 'created_at']).where('organization_id', '=', organizationId);

/** The organization's row, only the named columns. */
export function organizationColumns<C extends keyof OrganizationsTable & string>(
  db: DB,
  organizationId: string,
  columns: readonly C[],
) {
  return db
    .selectFrom('organizations')
    .select([...columns])
    .where('id', '=', organizationId)
    .executeTakeFirst();
}
