import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { randomBase62, sha256Hex } from '../api-keys/api-keys.fns.js';
import { insertSession } from './sessions.repo.js';

/** Dashboard sessions last two weeks; a new login makes a new one. */
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** The token goes to the cookie only; the database keeps its SHA-256 (a leaked table is useless). */
export async function startSession(db: Kysely<Database>, userId: string, at: Date) {
  const token = randomBase62(43);
  const row = {
    id: newId('ses'),
    user_id: userId,
    token_hash: sha256Hex(token),
    csrf_token: randomBase62(32),
    created_at: at.toISOString(),
    expires_at: new Date(at.getTime() + SESSION_TTL_MS).toISOString(),
  };
  await insertSession(db, row);
  return { token, csrfToken: row.csrf_token, expiresAt: row.expires_at };
}

export function sessionCookieOptions(baseUrl: string, expiresAt: string) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    // Secure only when the service is served over https, so a plain-http local setup still works.
    secure: baseUrl.startsWith('https://'),
    expires: new Date(expiresAt),
  };
}
