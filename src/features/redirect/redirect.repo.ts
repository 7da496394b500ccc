import type { DB } from '../../db/database.js';

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
  let query = db
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
      'codes.short_code',
      'codes.rules',
      'codes.utm',
      'codes.password_hash',
      'codes.append_click_id',
      'codes.type',
      'codes.content',
      'codes.title',
      'codes.style',
      'workspaces.primary_color',
      'workspaces.timezone',
      'workspaces.status as workspace_status',
      'organizations.deleted_at as organization_deleted_at',
      'organizations.suspended_at as organization_suspended_at',
      'organizations.suspension_redirects',
    ])
    .where('codes.dynamic', '=', 1);
  query = alias
    ? query.where('codes.id', '=', (eb) =>
        eb.selectFrom('code_aliases').select('code_aliases.code_id').where('code_aliases.short_code', '=', shortCode),
      )
    : query.where('codes.short_code', '=', shortCode);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const { workspace_status, organization_deleted_at, organization_suspended_at, suspension_redirects, ...rest } = row;
  // A suspended organization's codes come with the same row (docs/decisions.md D74): no query more.
  const code = { ...rest, unavailable: organization_suspended_at !== null && suspension_redirects === 'neutral_page' };
  return workspace_status !== 'active' || organization_deleted_at ? { ...code, status: 'deleted' as const } : code;
}
