// The workspaces feature's public module: what other features may use of it (dependency-cruiser
// forbids reaching past it).
export { canSeeWorkspace, isAdminRole, organizationNotFound, roleIn, workspaceNotFound } from './workspaces.access.js';
export { toWorkspace, workspaceRow } from './workspaces.fns.js';
export {
  findWorkspace,
  findWorkspaceRole,
  insertWorkspace,
  verifiedCustomDomain,
  verifiedCustomDomainsAmong,
  workspaceLook,
} from './workspaces.repo.js';
export { Workspace } from './workspaces.schemas.js';
export {
  defaultWorkspaces,
  deleteWorkspaceMembershipsOf,
  workspaceIdsOf,
  workspaceMembershipsOf,
  workspacesPageOf,
} from './personal-data.js';
export {
  defaultWorkspaceOf,
  deleteWorkspaceRolesInOrg,
  findDefaultWorkspaceId,
  findFirstMemberWorkspace,
  findWorkspaceForSession,
  flaggedDefaultWorkspaceId,
  setWorkspaceRole,
  workspaceApproverIds,
  workspaceMemberIds,
  workspaceMemberRows,
  workspaceRolesOf,
  workspaceRows,
  workspacesOfUser,
} from './tenancy.queries.js';
export { readOrganizationPlansWith } from './organization-plan.js';
export {
  defaultWorkspaceQuery,
  joinWorkspace,
  organizationWorkspaceIds,
  verifiedCustomDomains,
  workspaceRetentionSql,
  workspacesWithRetention,
  workspaceTimezone,
} from './workspace-joins.js';
export { countActiveWorkspaces } from './workspaces.repo.js';
