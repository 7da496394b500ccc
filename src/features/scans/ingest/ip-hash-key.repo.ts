import { randomHex } from '../../../lib/tokens.js';
import type { DB } from '../../../db/database.js';

/**
 * The key each UTC day's IP-hash salt is derived from (docs/codes.md, "Scans"): one
 * `server_secrets` row, created on first use, so every instance hashes an address alike.
 */
export async function loadOrCreateIpHashKey(db: DB, now: Date): Promise<string> {
  const name = 'scan_ip_salt';
  await db
    .insertInto('server_secrets')
    .values({ name, value: randomHex(32), created_at: now.toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
