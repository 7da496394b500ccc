import { sql, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { joinOnId } from '../../db/join-on-id.js';

/**
 * The workspaces table joined to another feature's query on its `workspace_id` column, so a read
 * that needs a workspace's settings or status stays one statement while the table's name lives here
 * (docs/decisions.md D71). The caller selects and filters `workspaces.*` columns.
 */
export function joinWorkspace<D extends Database, TB extends keyof D, O>(
  qb: SelectQueryBuilder<D, TB, O>,
  workspaceId: `${TB & string}.workspace_id`,
): SelectQueryBuilder<D, TB | 'workspaces', O> {
  return joinOnId(qb, 'workspaces', workspaceId);
}

/** The workspace's `timezone` setting (null when unset or no such workspace). */
export async function workspaceTimezone(db: DB, workspaceId: string): Promise<string | null | undefined> {
  const row = await db.selectFrom('workspaces').select('timezone').where('id', '=', workspaceId).executeTakeFirst();
  return row?.timezone;
}

/** Ids of an organization's workspaces, archived ones included, as a subquery for `where(…, 'in', …)`. */
export const organizationWorkspaceIds = (db: DB, organizationId: string) =>
  db.selectFrom('workspaces').select('id').where('organization_id', '=', organizationId);

/** Every verified custom domain and its workspace: the redirect's host map. */
export function verifiedCustomDomains(db: DB) {
  return db
    .selectFrom('workspaces')
    .select(['id', 'custom_domain'])
    .where('custom_domain', 'is not', null)
    .where('custom_domain_verified_at', 'is not', null)
    .execute();
}

/** Workspaces that keep raw scans for a limited time (archived ones too: their scans still age). */
export async function workspacesWithRetention(db: DB): Promise<Array<{ id: string; days: number }>> {
  const rows = await db
    .selectFrom('workspaces')
    .select(['id', 'scan_retention_days'])
    .where('scan_retention_days', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, days: Number(r.scan_retention_days) }));
}

/**
 * Each workspace's scan retention as a derived table `(id, scan_retention_days)` for a raw
 * statement's join (the partition drop asks whether any row of a month is still kept).
 */
export const workspaceRetentionSql = sql`(select id, scan_retention_days from workspaces)`;

/** The organization's default workspace, as a query the caller may narrow (gs1-prefixes: of a live organization). */
export function defaultWorkspaceQuery(db: DB, organizationId: string) {
  return db
    .selectFrom('workspaces')
    .select(['workspaces.id'])
    .where('workspaces.organization_id', '=', organizationId)
    .where('workspaces.is_default', '=', 1);
}
