// The usage feature's public module: the threshold detector the scan flush and code creation call.
export { createThresholdDetector, reachedThresholds, THRESHOLDS, type UsageReading } from './usage-thresholds.js';
export { countActiveDynamicCodes } from './usage.repo.js';
