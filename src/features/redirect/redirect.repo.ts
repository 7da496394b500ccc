import type { DB } from '../../db/database.js';
import { redirectCodeQuery } from '../codes/index.js';
import { joinOrganization } from '../organizations/index.js';
import { joinWorkspace } from '../workspaces/index.js';

/**
 * Everything the redirect needs about a code, in one indexed lookup by short code. Codes of an
 * archived workspace or a deleted organization read as deleted: they are kept, not served; those of
 * an organization suspended with a neutral page read as unavailable.
 */
export async function findRedirectTarget(db: DB, shortCode: string) {
  return (await findTargetRow(db, shortCode, false)) ?? (await findTargetRow(db, shortCode, true));
}

/** By the code's current short code, or (`alias`) by a former one kept as an alias (docs/decisions.md D19). */
async function findTargetRow(db: DB, shortCode: string, alias: boolean) {
  // One statement: the code's query is the codes feature's, the joins its workspace's and organization's.
  const query = joinOrganization(
    joinWorkspace(redirectCodeQuery(db, shortCode, alias), 'codes.workspace_id'),
    'codes.organization_id',
  ).select([
    'workspaces.primary_color',
    'workspaces.timezone',
    'workspaces.status as workspace_status',
    'organizations.deleted_at as organization_deleted_at',
    'organizations.suspended_at as organization_suspended_at',
    'organizations.suspension_redirects',
  ]);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const { workspace_status, organization_deleted_at, organization_suspended_at, suspension_redirects, ...rest } = row;
  // A suspended organization's codes come with the same row (docs/decisions.md D74): no query more.
  const code = { ...rest, unavailable: organization_suspended_at !== null && suspension_redirects === 'neutral_page' };
  return workspace_status !== 'active' || organization_deleted_at ? { ...code, status: 'deleted' as const } : code;
}
