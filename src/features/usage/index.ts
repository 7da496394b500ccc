// The usage feature's public module: the threshold detector the scan flush and code creation call.
export {
  createThresholdDetector,
  reachedThresholds,
  THRESHOLDS,
  type UsageReading,
  type ThresholdDeps,
} from './usage-thresholds.js';
export { countActiveDynamicCodes } from './usage.repo.js';
