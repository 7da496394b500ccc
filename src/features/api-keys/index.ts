// The api-keys feature's public module: what other features may use of it (dependency-cruiser
// forbids reaching past it).
export { KEY_EXPORT_COLUMNS, keysCreatedByPage, revokeKeysCreatedBy } from './personal-data.js';
export { activeKeyCreatorIds, keyCreatorOf, keysOfUser } from './key-creators.queries.js';
