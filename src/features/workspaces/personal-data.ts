import type { DB } from '../../db/database.js';
import { pageAfter } from '../../db/keyset-page.js';
import type { WorkspacesTable } from './workspaces.table.js';

// What workspaces holds of a person and of an organization, for privacy's erasure and exports
// (docs/privacy.md).

/** Each organization's default workspace, to join as a derived table (one statement). */
export const defaultWorkspaces = (db: DB) =>
  db.selectFrom('workspaces').select(['id', 'organization_id']).where('is_default', '=', 1);

export const deleteWorkspaceMembershipsOf = (trx: DB, userId: string) =>
  trx.deleteFrom('workspace_members').where('user_id', '=', userId).execute();

/** The workspaces a user holds a role in, with the role, for their export. */
export function workspaceMembershipsOf(db: DB, userId: string) {
  return db
    .selectFrom('workspace_members as wm')
    .innerJoin('workspaces as w', 'w.id', 'wm.workspace_id')
    .select(['w.id as workspace_id', 'w.organization_id', 'w.name', 'wm.role', 'wm.created_at'])
    .where('wm.user_id', '=', userId)
    .execute();
}

/** The ids of every workspace of the organization, archived ones too, in id order. */
export async function workspaceIdsOf(db: DB, organizationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('workspaces')
    .select('id')
    .where('organization_id', '=', organizationId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** One keyset page (by id) of the organization's workspaces, only the named columns. */
export function workspacesPageOf<C extends keyof WorkspacesTable & string>(
  db: DB,
  organizationId: string,
  columns: readonly C[],
  after: string | null,
  limit: number,
) {
  return pageAfter(
    db
      .selectFrom('workspaces')
      .select([...columns])
      .where('organization_id', '=', organizationId),
    after,
    limit,
  );
}
