// The privacy feature's public module: what other features may use of it (dependency-cruiser
// forbids reaching past it).
export { eraseOrganization, eraseUser, userNotFound } from './erasure.service.js';
export { Erasure } from './privacy.schemas.js';
