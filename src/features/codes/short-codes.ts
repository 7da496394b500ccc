import { randomInt } from 'node:crypto';

/** A short code a user chooses: 3–64 of [A-Za-z0-9_-] (docs/decisions.md D7, D19). */
export const VANITY_PATTERN = '^[A-Za-z0-9_-]{3,64}$';
/** Anything the redirect may be asked for: generated or vanity codes, and their aliases. */
export const ANY_SHORT_CODE = /^[A-Za-z0-9_-]{3,64}$/;

/**
 * Words a vanity code may not be, compared case-insensitively: our own path segments and names a
 * visitor could take for the operator's (an `/r/admin` printed by a tenant looks official).
 */
export const RESERVED_SHORT_CODES: ReadonlySet<string> = new Set([
  'r',
  'v0',
  'v1',
  'v2',
  'api',
  'admin',
  'administrator',
  'operator',
  'auth',
  'login',
  'logout',
  'signup',
  'register',
  'account',
  'settings',
  'dashboard',
  'app',
  'assets',
  'static',
  'public',
  'docs',
  'openapi',
  'openapi.json',
  'health',
  'status',
  'metrics',
  'well-known',
  'dpp',
  'qr',
  'qrs',
  'www',
  'mail',
  'support',
  'help',
  'security',
  'billing',
  'root',
  'system',
  'null',
  'undefined',
  // Every top-level path our mails link to and the dashboard routes (docs/decisions.md D59): a tenant's
  // /r/reset-password would pass for the operator's own page. test/features/codes/vanity-case.test.ts
  // reads the router, the mail links and the server's routes, so a new path cannot be missed.
  'forgot-password',
  'reset-password',
  'password',
  'verify-email',
  'confirm-email',
  'invitations',
  'invitation',
  'invite',
  'accept',
  'unsubscribe',
  'codes',
  'analytics',
  'batch',
  'keys',
  'api-keys',
  'webhooks',
  'workspaces',
  'approvals',
  'audit',
  'export',
  'passports',
  'organization',
  'members',
  'permissions',
  'domains',
  'brand',
  'privacy',
  'contact',
  'file',
  'files',
  'logo',
  'logos',
  'oauth',
  'sso',
  'verify',
  'signin',
  'sign-in',
  'sign-up',
]);

export function isReservedShortCode(code: string): boolean {
  return RESERVED_SHORT_CODES.has(code.toLowerCase());
}

// Profanity-free by construction: without vowels (and the digits read as vowels, 0 1 3 4) no
// word of any language we know can be spelled, so no blocklist has to be kept up to date.
// 48 symbols: 48^8 ≈ 2.8·10^13 codes of 8 characters, still base62 characters (docs/decisions.md D7).
const READABLE = '256789BCDFGHJKLMNPQRSTVWXYZbcdfghjklmnpqrstvwxyz';

/** A random short code of `length` characters from the vowel-free alphabet. */
export function randomReadableShortCode(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += READABLE[randomInt(READABLE.length)];
  return out;
}
