// The api-keys feature's public module: what other features may use of it (dependency-cruiser
// forbids reaching past it).
export { activeKeyCreatorIds, keyCreatorOf, keysOfUser } from './key-creators.queries.js';
