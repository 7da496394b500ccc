// Webhooks' public module: the plugin, and the hook the scan flush calls (docs/webhooks.md).
export { default as webhooksFeature } from './webhooks.plugin.js';
export { publishScanEvents } from './scan-events.js';
