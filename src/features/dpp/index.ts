// The dpp feature's public module: what other features may use of it (dependency-cruiser
// forbids reaching past it).
export { toPassport } from './dpp.fns.js';
export { insertVersion, updatePassport } from './dpp.repo.js';
