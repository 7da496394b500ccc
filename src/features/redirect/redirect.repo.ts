import type { DB } from '../../db/database.js';

/**
 * Everything the redirect needs about a code, in one indexed lookup by short code. Codes of an
 * archived workspace or a deleted organization read as deleted: they are kept, not served.
 */
export async function findRedirectTarget(db: DB, shortCode: string) {
  const row = await db
    .selectFrom('codes')
    .innerJoin('workspaces', 'workspaces.id', 'codes.workspace_id')
    .innerJoin('organizations', 'organizations.id', 'codes.organization_id')
    .select([
      'codes.id',
      'codes.workspace_id',
      'codes.organization_id',
      'codes.status',
      'codes.url',
      'codes.destinations',
      'codes.expires_at',
      'codes.fallback_url',
      'codes.max_scans',
      'codes.scan_count',
      'workspaces.status as workspace_status',
      'organizations.deleted_at as organization_deleted_at',
    ])
    .where('codes.short_code', '=', shortCode)
    .where('codes.dynamic', '=', 1)
    .executeTakeFirst();
  if (!row) return undefined;
  const { workspace_status, organization_deleted_at, ...code } = row;
  return workspace_status !== 'active' || organization_deleted_at ? { ...code, status: 'deleted' as const } : code;
}
