import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[randomInt(62)];
  return out;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** D4: `<prefix>_sk_` followed by 40 base62 characters. */
export function keyPattern(prefix: string): RegExp {
  return new RegExp(`^${prefix.replace(/[^A-Za-z0-9]/g, '')}_sk_[0-9A-Za-z]{40}$`);
}

export function generateApiKey(prefix: string): { secret: string; hash: string; hint: string } {
  const secret = `${prefix}_sk_${randomBase62(40)}`;
  return { secret, hash: sha256Hex(secret), hint: secret.slice(0, prefix.length + 8) };
}

/** The row was found by its hash; comparing again in constant time keeps the check timing-flat. */
export function hashMatches(storedHex: string, secret: string): boolean {
  const a = Buffer.from(storedHex, 'hex');
  const b = createHash('sha256').update(secret).digest();
  return a.length === b.length && timingSafeEqual(a, b);
}
