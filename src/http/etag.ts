// Conditional GET, for answers a client keeps: QR images and the OpenAPI document.
import { sha256 } from '../lib/tokens.js';

/**
 * A strong ETag from a text, the body itself or everything that shapes it: the first 32 characters
 * of its SHA-256 in base64url, quoted.
 */
export function etagOf(text: string): string {
  return `"${sha256(text).toString('base64url').slice(0, 32)}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): `W/` is ignored on both sides. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === opaque;
  });
}
