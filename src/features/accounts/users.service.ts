import { newId } from '../../lib/ids.js';
import type { DB } from '../../db/database.js';
import { hashPassword } from './password.js';
import { assertPasswordAllowed } from './password-rules.js';

/** Every way a user is created (signup, members, CLI bootstrap) goes through here, so through the password rules. */
export async function createUser(
  trx: DB,
  input: { email: string; password: string; name?: string | null; locale?: string; verified?: boolean },
  at: Date,
  cost?: number,
) {
  assertPasswordAllowed(input.password, '/password', input.email);
  const row = {
    id: newId('usr'),
    email: input.email.trim().toLowerCase(),
    name: input.name ?? null,
    password_hash: await hashPassword(input.password, cost),
    created_at: at.toISOString(),
    updated_at: at.toISOString(),
    email_verified_at: input.verified ? at.toISOString() : null,
    locale: input.locale ?? 'en',
    totp_secret_sealed: null,
    totp_enabled_at: null,
  };
  await trx.insertInto('users').values(row).execute();
  return row;
}
