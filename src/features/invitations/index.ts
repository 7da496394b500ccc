// The invitations feature's public module: what other features may use of it (dependency-cruiser
// forbids reaching past it).
export { CreatedInvitation } from './invitations.schemas.js';
export { createInvitation } from './invitations.service.js';
