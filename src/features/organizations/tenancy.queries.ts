import { sql } from 'kysely';
import type { DB } from '../../db/database.js';
import { parseJson } from '../../db/column-values.js';
import type { OrgRole } from '../../lib/roles.js';

// What other features join or filter on of organizations and memberships (docs/decisions.md D71):
// each is a fragment of the caller's one statement, so a tenancy check stays one query while the
// table names live here.

/** The organization rows, for a join (`innerJoin(organizationRows(db).as('o'), …)`). */
export const organizationRows = (db: DB) => db.selectFrom('organizations').selectAll();

/** The membership rows (organization_id, user_id, role, created_at), for a join. */
export const membershipRows = (db: DB) => db.selectFrom('memberships').selectAll();

/** Ids of the organization's members (for `where('user_id', 'in', …)`). */
export const memberIdsOf = (db: DB, organizationId: string) =>
  db.selectFrom('memberships').select('user_id').where('organization_id', '=', organizationId);

/** Ids of the organization's org_admins. */
export const orgAdminIdsOf = (db: DB, organizationId: string) =>
  memberIdsOf(db, organizationId).where('role', '=', 'org_admin');

/** Ids of the organizations the user belongs to, deleted ones included. */
export const organizationIdsOfMember = (db: DB, userId: string) =>
  db.selectFrom('memberships').select('organization_id').where('user_id', '=', userId);

/** Ids of live organizations on a paid plan (what a lapsed payment can still take down). */
export const paidLiveOrganizationIds = (db: DB) =>
  db.selectFrom('organizations').select('id').where('plan', '!=', 'free').where('deleted_at', 'is', null);

/** Whether `userRef` is a member of `organizationRef` (both column references of the outer query). */
export const isMemberOf = (userRef: string, organizationRef: string) =>
  sql<boolean>`exists (select 1 from memberships mo where mo.user_id = ${sql.ref(userRef)} and mo.organization_id = ${sql.ref(organizationRef)})`;

/** Users of the organization with no other live organization: whom its deletion leaves with none. */
export function membersLeftWithout(db: DB, organizationId: string) {
  const others = db
    .selectFrom('memberships as o')
    .innerJoin('organizations as org', 'org.id', 'o.organization_id')
    .select('o.user_id')
    .where('o.organization_id', '!=', organizationId)
    .where('org.deleted_at', 'is', null);
  return memberIdsOf(db, organizationId).where('user_id', 'not in', others);
}

/** The organization's name, deleted or not. */
export async function organizationName(db: DB, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('organizations').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name;
}

/** Live organizations among these ids, with what usage notices say of them. */
export function liveOrganizationsAmong(db: DB, ids: string[]) {
  return db
    .selectFrom('organizations')
    .select(['id', 'name', 'plan', 'billing_email'])
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Whether the organization requires 2FA of its members (`settings.require_2fa: true`). */
export async function organizationRequiresTwoFactor(db: DB, organizationId: string): Promise<boolean> {
  const row = await db
    .selectFrom('organizations')
    .select('settings')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  return row ? parseJson<Record<string, unknown>>(row.settings, {}).require_2fa === true : false;
}

/** The user's membership in one organization, or in the oldest one when none is named. */
export function findMembership(db: DB, userId: string, organizationId?: string) {
  let q = db
    .selectFrom('memberships as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['m.organization_id', 'm.role', 'o.plan', 'o.suspended_at'])
    .where('m.user_id', '=', userId)
    .where('o.deleted_at', 'is', null);
  if (organizationId) q = q.where('m.organization_id', '=', organizationId);
  return q.orderBy('m.created_at', 'asc').orderBy('m.organization_id', 'asc').executeTakeFirst();
}

/** The user's active organizations with the role in each, oldest membership first. */
export function organizationsOfUser(db: DB, userId: string) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['o.id', 'o.name', 'o.slug', 'o.plan', 'm.role', 'm.created_at', 'o.suspended_at'])
    .where('m.user_id', '=', userId)
    .where('o.deleted_at', 'is', null)
    .orderBy('m.created_at', 'asc')
    .orderBy('o.id', 'asc')
    .execute();
}

/** Whether the user still belongs to another active organization (then its sessions stay). */
export async function hasOtherActiveOrganization(db: DB, organizationId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('memberships as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select('m.organization_id')
    .where('m.user_id', '=', userId)
    .where('m.organization_id', '!=', organizationId)
    .where('o.deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countOrgAdmins(db: DB, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('role', '=', 'org_admin')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertMembership(db: DB, organizationId: string, userId: string, role: OrgRole, at: string) {
  return db
    .insertInto('memberships')
    .values({ organization_id: organizationId, user_id: userId, role, created_at: at })
    .execute();
}

export function setOrgRole(db: DB, organizationId: string, userId: string, role: OrgRole) {
  return db
    .updateTable('memberships')
    .set({ role })
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .execute();
}

export function deleteMembership(db: DB, organizationId: string, userId: string) {
  return db
    .deleteFrom('memberships')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .execute();
}

/** The plan lookup the workspaces feature checks its limit against (workspaces/organization-plan.ts), the organization being deleted or not. */
export async function activeOrganizationPlan(db: DB, organizationId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('organizations')
    .select('plan')
    .where('id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.plan;
}
