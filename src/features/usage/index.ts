// The usage feature's public module: the threshold detector the scan flush and code creation call,
// and the counters' period the scan flush adds to.
export { createThresholdDetector, reachedThresholds, THRESHOLDS, type UsageReading } from './usage-thresholds.js';
export { periodOf } from './usage-period.js';
export { countActiveDynamicCodes } from './usage.repo.js';
export { checkStorageQuota } from './storage-quota.js';
