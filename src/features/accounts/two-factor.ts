import { generateSecret, generateURI, verify } from 'otplib';
import type { DB } from '../../db/database.js';
import { parseJson } from '../../db/column-values.js';
import { randomBase62, sha256Hex } from '../../lib/tokens.js';
import { seal, unseal } from '../../lib/sealed.js';
import { organizationRows } from '../organizations/index.js';

export const RECOVERY_CODES = 10;

/** A new TOTP secret (base32, 160 bits, RFC 6238 defaults: SHA-1, 6 digits, 30 s) and its otpauth URI. */
export function newTotp(label: string) {
  const secret = generateSecret({ length: 20 });
  return { secret, uri: generateURI({ issuer: 'qrs', label, secret }) };
}

/** Whether `code` is the current TOTP (one step either side, for clock drift). */
export async function totpMatches(key: Buffer, sealed: string, code: string, now: Date): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const result = await verify({
    secret: unseal(key, sealed),
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: 30,
  });
  return result.valid;
}

export const sealSecret = (key: Buffer, secret: string) => seal(key, secret);

/** Ten fresh single-use codes (xxxxx-xxxxx); only their hashes are stored, the old ones go. */
export async function replaceRecoveryCodes(trx: DB, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const raw = randomBase62(10).toLowerCase();
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await trx
    .insertInto('recovery_codes')
    .values(codes.map((c) => ({ user_id: userId, code_hash: sha256Hex(c), used_at: null })))
    .execute();
  return codes;
}

/** Uses a recovery code up; false when it is unknown or used. */
export async function useRecoveryCode(db: DB, userId: string, code: string, now: Date): Promise<boolean> {
  const res = await db
    .updateTable('recovery_codes')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', sha256Hex(code.trim().toLowerCase()))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** A TOTP code or, failing that, a recovery code. */
export async function secondFactorMatches(
  db: DB,
  key: Buffer,
  user: { id: string; totp_secret_sealed: string | null },
  code: string,
  now: Date,
): Promise<boolean> {
  if (!user.totp_secret_sealed) return false;
  if (await totpMatches(key, user.totp_secret_sealed, code, now)) return true;
  return /^[a-z0-9]{5}-[a-z0-9]{5}$/i.test(code.trim()) && useRecoveryCode(db, user.id, code, now);
}

/**
 * Whether the organization requires 2FA (`settings.require_2fa: true`, set by an org_admin),
 * whether the user has it on, and whether the user proved their address. Required but off: the
 * user's sessions reach only the /auth routes.
 */
export async function twoFactorOf(
  db: DB,
  organizationId: string,
  userId: string,
): Promise<{ required: boolean; enabled: boolean; verified: boolean }> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin(organizationRows(db).as('o'), (j) => j.on('o.id', '=', organizationId))
    .select(['o.settings', 'u.totp_enabled_at', 'u.email_verified_at'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) return { required: false, enabled: false, verified: false };
  return {
    required: parseJson<Record<string, unknown>>(row.settings, {}).require_2fa === true,
    enabled: row.totp_enabled_at !== null,
    verified: row.email_verified_at !== null,
  };
}
