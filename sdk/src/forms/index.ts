// `@qrs/sdk/forms`: each operation's request body (JSON Schema and validator, generated from the
// OpenAPI document) for forms that check what they send by the server's rules before sending it.
export * from './bodies.js';
export { bodyErrors, type BodyOf, type RequestBody } from './request-body.js';
