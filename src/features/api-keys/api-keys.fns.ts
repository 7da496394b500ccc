import { randomBase62, safeEqual, sha256, sha256Hex } from '../../lib/tokens.js';

/** docs/decisions.md D4: `<prefix>_sk_` followed by 40 base62 characters. */
export function keyPattern(prefix: string): RegExp {
  return new RegExp(`^${prefix.replace(/[^A-Za-z0-9]/g, '')}_sk_[0-9A-Za-z]{40}$`);
}

export function generateApiKey(prefix: string): { secret: string; hash: string; hint: string } {
  const secret = `${prefix}_sk_${randomBase62(40)}`;
  return { secret, hash: sha256Hex(secret), hint: secret.slice(0, prefix.length + 8) };
}

/** The row was found by its hash; comparing again in constant time keeps the check timing-flat. */
export function hashMatches(storedHex: string, secret: string): boolean {
  return safeEqual(Buffer.from(storedHex, 'hex'), sha256(secret));
}
