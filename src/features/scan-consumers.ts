import type { ScanConsumers } from '../platform/scan-consumers.js';
import { codeCountersConsumer } from './codes/scan-counters.js';
import { usageScanConsumer } from './usage/usage.scan-consumer.js';
import { scanEventsConsumer } from './webhooks/scan-events.js';
import { ga4ScansConsumer } from './conversions/ga4-scans.js';

/**
 * What other features write with every scan batch, after the scans' own stages
 * (docs/scans-pipeline.md, docs/decisions.md D69). A new consumer is one line here and a file of
 * its feature; the scans feature imports none of them. The SQLite writer thread imports this
 * module by its URL, so it names the consumers' own files, which need only the database: the
 * features' public modules would load their services into the thread.
 */
export const scanConsumers: ScanConsumers = {
  list: [codeCountersConsumer, usageScanConsumer, scanEventsConsumer, ga4ScansConsumer],
  module: import.meta.url,
};
