// The scans feature's public module: what other features may use of it (dependency-cruiser
// forbids reaching past it).
export { CSV_COLUMNS, csvCell } from './scan-csv.js';
export { type AgentInfo, classifyAgent, countryFrom, languageFrom, referrerFrom } from './scan-fields.js';
export { scanId } from './scan-id.js';
export { scanChunk, workspaceCodeIds } from './scans-export.repo.js';
