// The random and hash primitives every token, secret and fingerprint of the service is made of,
// so each is written (and reviewed) once. Node's crypto only.
import { createHash, createHmac, hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` characters drawn uniformly (no modulo bias) from [0-9A-Za-z]: URL- and cookie-safe. */
export function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[randomInt(62)];
  return out;
}

/** `bytes` random bytes as lower-case hex (twice as many characters). */
export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

/** One-shot hash: several times cheaper than createHash for one short input (the scan hot path). */
export function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex');
}

export function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

export function hmacSha256Hex(key: string, text: string): string {
  return createHmac('sha256', key).update(text).digest('hex');
}

/** Constant-time equality; a length difference is told at once (lengths are not secret here). */
export function safeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
