import { sql, type Insertable, type Updateable } from 'kysely';
import type { DB } from '../../db/database.js';
import type { WorkspacesTable } from './workspaces.table.js';

export function insertWorkspace(db: DB, row: Insertable<WorkspacesTable>) {
  return db.insertInto('workspaces').values(row).execute();
}

export function findWorkspace(db: DB, organizationId: string, id: string) {
  return db
    .selectFrom('workspaces')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countActiveWorkspaces(db: DB, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('workspaces')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Slugs are unique per organization including archived workspaces (the unique index says so). */
export async function workspaceSlugExists(db: DB, organizationId: string, slug: string, exceptId?: string) {
  let q = db
    .selectFrom('workspaces')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('slug', '=', slug);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Whether another workspace has verified this domain (an unverified claim blocks nobody). */
export async function customDomainExists(db: DB, host: string, exceptId: string) {
  const row = await db
    .selectFrom('workspaces')
    .select('id')
    .where('custom_domain', '=', host)
    .where('id', '!=', exceptId)
    .where('custom_domain_verified_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

export function updateWorkspace(db: DB, id: string, patch: Updateable<WorkspacesTable>) {
  return db.updateTable('workspaces').set(patch).where('id', '=', id).execute();
}

/** Active or archived workspaces of the organization, optionally only those a user belongs to, or one. */
export function workspacesQuery(
  db: DB,
  organizationId: string,
  status: 'active' | 'archived',
  scope: { memberUserId?: string; workspaceId?: string } = {},
) {
  let q = db
    .selectFrom('workspaces')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('status', '=', status);
  if (scope.memberUserId) {
    q = q.where(
      'id',
      'in',
      db.selectFrom('workspace_members').select('workspace_id').where('user_id', '=', scope.memberUserId),
    );
  }
  if (scope.workspaceId) q = q.where('id', '=', scope.workspaceId);
  return q;
}

/** custom_domain only once verified: before that, short URLs stay on BASE_URL. */
export const verifiedCustomDomain = sql<
  string | null
>`case when custom_domain_verified_at is not null then custom_domain end`.as('custom_domain');

/** What codes and their images need of a workspace: approvals, brand colour, the verified host of its short URLs. */
export function workspaceLook(db: DB, workspaceId: string) {
  return db
    .selectFrom('workspaces')
    .select(['id', 'approval_required', 'primary_color', verifiedCustomDomain])
    .where('id', '=', workspaceId)
    .executeTakeFirstOrThrow();
}

/**
 * Which of these hostnames are some workspace's verified custom domain (a destination there would
 * loop). An unverified claim counts for nobody, so no tenant can block another's destinations.
 */
export async function verifiedCustomDomainsAmong(db: DB, hosts: string[]): Promise<Set<string>> {
  if (hosts.length === 0) return new Set();
  const rows = await db
    .selectFrom('workspaces')
    .select(sql<string>`lower(custom_domain)`.as('host'))
    .where('custom_domain', 'is not', null)
    .where('custom_domain_verified_at', 'is not', null)
    .where(sql`lower(custom_domain)`, 'in', hosts)
    .execute();
  return new Set(rows.map((r) => r.host));
}

export function verifiedDomainOwner(db: DB, host: string) {
  return db
    .selectFrom('workspaces')
    .select('id')
    .where('custom_domain', '=', host)
    .where('custom_domain_verified_at', 'is not', null)
    .executeTakeFirst();
}

/** A user's role in one workspace, if they hold one. */
export function findWorkspaceRole(db: DB, workspaceId: string, userId: string) {
  return db
    .selectFrom('workspace_members')
    .select(['role'])
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
