// The members feature's public module: what other features may use of it (dependency-cruiser
// forbids reaching past it).
export {
  countOrgAdmins,
  findMembershipRow,
  insertMembership,
  setWorkspaceRole,
  workspaceRolesOf,
} from './members.repo.js';
export { AddMemberBody, MemberParams } from './members.schemas.js';
export { checkWorkspaces, memberNotFound } from './members.service.js';
