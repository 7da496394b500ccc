export { Qrs } from './client.js';
export type * from './client.js';
export { QrsError, type Problem, type FieldError } from './errors.js';
export { retryingFetch, retryAfterMs, type RetryOptions } from './transport.js';
export type { paths, components, operations } from './schema.js';
