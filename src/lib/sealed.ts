// Authenticated encryption for values that must be read back (TOTP and webhook signing secrets,
// queued e-mail holding single-use links): AES-256-GCM with a random 96-bit nonce per value.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export function seal(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** Throws when the value was not sealed with this key or was altered. */
export function unseal(key: Buffer, sealed: string): string {
  const [version, data] = sealed.split('.');
  if (version !== VERSION || !data) throw new Error('not a sealed value');
  const raw = Buffer.from(data, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
