// The analytics feature's public module: what other features may use of it (dependency-cruiser
// forbids reaching past it).
export { Tz } from './analytics.schemas.js';
export { rangeOf, sumOf, zoneOfCode } from './analytics.service.js';
export { quarterOf } from './buckets.js';
export { addCounters, detailSparseHours, fineCellsFromRaw, isDetailed, upsertCodeCells } from './detail.repo.js';
export { type CodeCell, type NewVisitor, hourKey, rollupsOf, sortCells } from './rollup-rows.js';
export { topValues, totalsOf } from './rollups.repo.js';
export { DENSE_HOUR } from './rollups.table.js';
export { type ScanRow } from './raw-scan.js';
export { calendar } from './zones.js';
