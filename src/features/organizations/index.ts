// The organizations feature's public module: what other features may use of it (dependency-cruiser
// forbids reaching past it).
export { settingsText, taken, uniqueAs } from './organizations.fns.js';
export { findActiveOrganization, slugExists, updateOrganization } from './organizations.repo.js';
export { Email, Name, Organization, Settings, Slug, toOrganization } from './organizations.schemas.js';
export {
  createOrganizationWithDefaults,
  getOrganization,
  organizationIdOf,
  organizationNotFound,
} from './organizations.service.js';
