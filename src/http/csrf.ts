import { timingSafeEqual } from 'node:crypto';
import { forbidden } from './errors.js';

/**
 * A cookie-authenticated write must echo its session's CSRF token in X-CSRF-Token (docs/decisions.md D4); compared
 * in constant time. The auth hook and the routes that read the cookie themselves share it.
 */
export function checkCsrf(expectedToken: string, sent: unknown): void {
  const expected = Buffer.from(expectedToken);
  if (typeof sent !== 'string' || sent.length !== expected.length || !timingSafeEqual(Buffer.from(sent), expected)) {
    throw forbidden('The X-CSRF-Token header is missing or wrong.');
  }
}
