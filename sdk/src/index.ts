export { Qrs } from './client.js';
export type * from './client.js';
export type * from './codes.js';
export { QrsError, QrsTimeoutError, type Problem, type FieldError } from './errors.js';
export { retryingFetch, retryAfterMs, type CallOptions, type RetryInfo, type RetryOptions } from './transport.js';
export type { paths, components, operations } from './schema.js';
