// The usage feature's public module: the threshold detector code creation calls, the counters'
// period, and the consumer that adds each scan batch to the counters.
export { createThresholdDetector, reachedThresholds, THRESHOLDS, type UsageReading } from './usage-thresholds.js';
export { periodOf } from './usage-period.js';
export { countUsageWith } from './usage-sources.js';
export { organizationFootprint } from './usage-footprint.js';
export { checkStorageQuota } from './storage-quota.js';
export { usageScanConsumer } from './usage.scan-consumer.js';
