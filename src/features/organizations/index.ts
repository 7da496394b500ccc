// The organizations feature's public module: what other features may use of it (dependency-cruiser
// forbids reaching past it).
export { findActiveOrganization, slugExists, updateOrganization } from './organizations.repo.js';
export { Organization, toOrganization } from './organizations.schemas.js';
export {
  createOrganizationWithDefaults,
  getOrganization,
  organizationIdOf,
  softDeleteOrganization,
} from './organizations.service.js';
export { countMembers, organizationDirectory } from './organizations.directory.js';
export { setPlan } from './organizations.service.js';
export { setSuspension, type Suspension } from './organizations.suspension.js';
export { organizationsOfUsers } from './organizations.directory.js';
export { organizationNotFound } from '../workspaces/index.js';
export {
  deleteMembershipsOf,
  dropBillingEmail,
  liveMembershipsOf,
  liveOrganizationWithDefaultWorkspace,
  membershipsIn,
  membershipsOf,
  organizationColumns,
} from './personal-data.js';
export {
  activeOrganizationPlan,
  countOrgAdmins,
  deleteMembership,
  findMembership,
  hasOtherActiveOrganization,
  insertMembership,
  isMemberOf,
  liveOrganizationsAmong,
  memberIdsOf,
  membershipRows,
  organizationIdsOfMember,
  organizationName,
  organizationRequiresTwoFactor,
  organizationRows,
  organizationsOfUser,
  orgAdminIdsOf,
  paidLiveOrganizationIds,
  setOrgRole,
} from './tenancy.queries.js';
export { endSessionsWith } from './orphaned-sessions.js';
export { deletedOrganizationIds, joinOrganization } from './organization-joins.js';
