import type { DB } from '../../db/database.js';
import { userRows } from '../accounts/index.js';
import { membershipRows } from '../organizations/index.js';
import { workspaceMemberIds } from '../workspaces/index.js';

// Memberships are the organizations feature's and workspace roles the workspaces feature's: this
// feature manages them through those features' public modules.
export {
  countOrgAdmins,
  deleteMembership,
  hasOtherActiveOrganization,
  insertMembership,
  setOrgRole,
} from '../organizations/index.js';
export { deleteWorkspaceRolesInOrg, setWorkspaceRole, workspaceRolesOf } from '../workspaces/index.js';

/** Members of the organization; with `workspaceId`, only those holding a role there. */
export function membersQuery(db: DB, organizationId: string, workspaceId?: string) {
  let q = db
    .selectFrom(membershipRows(db).as('m'))
    .innerJoin(userRows(db).as('u'), 'u.id', 'm.user_id')
    .select(['m.user_id', 'm.role', 'm.created_at', 'u.email', 'u.name'])
    .where('m.organization_id', '=', organizationId);
  if (workspaceId) q = q.where('m.user_id', 'in', workspaceMemberIds(db, workspaceId));
  return q;
}

export function findMembershipRow(db: DB, organizationId: string, userId: string) {
  return membersQuery(db, organizationId).where('m.user_id', '=', userId).executeTakeFirst();
}
