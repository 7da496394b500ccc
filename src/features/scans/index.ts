// The scans feature's public module: what other features may use of it (dependency-cruiser
// forbids reaching past it).
export { CSV_COLUMNS, csvCell } from './reads/scan-csv.js';
export { type AgentInfo, classifyAgent, countryFrom, languageFrom, referrerFrom } from './ingest/scan-fields.js';
export { scanId } from './ingest/scan-id.js';
export { ROLLUP_COLUMNS, codeRollupRows, scanChunk } from './reads/scans-export.repo.js';
/** what a data export pages a workspace's codes by, with their scans: the codes feature's */
export { workspaceCodeIds } from '../codes/index.js';
export { DENSE_HOUR, DENSE_MONTH } from './rollups/rollups.table.js';
