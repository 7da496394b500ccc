// The dpp feature's public module: what other features may use of it (dependency-cruiser
// forbids reaching past it).
export { archivePassportsUnderPrefix } from './dpp.service.js';
export { passportsPageOf } from './organization-export.js';
