// The invitations feature's public module: what other features may use of it (dependency-cruiser
// forbids reaching past it).
export {
  type InvitationChange,
  invitationsOfOrganization,
  resendInvitation,
  revokeOpenInvitation,
} from './invitations.changes.js';
export { Invitation, InvitationListQuery, InvitationParams } from './invitations.schemas.js';
export { organizationsInviting, readdressInvitations } from './personal-data.js';
