// Webhooks' public module: the plugin, and the consumer that publishes code.scanned with each scan batch (docs/webhooks.md).
export { default as webhooksFeature } from './webhooks.plugin.js';
export { scanEventsConsumer } from './scan-events.js';
export { countFailedDeliveries } from './webhooks.repo.js';
export { scrubDeliveryPayloads } from './personal-data.js';
