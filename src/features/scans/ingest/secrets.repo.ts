import { randomHex } from '../../../lib/tokens.js';
import type { DB } from '../../../db/database.js';

/** A secret shared by every instance through the database, created on first use. */
export async function loadOrCreateSecret(db: DB, name: string, now: Date): Promise<string> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: randomHex(32), created_at: now.toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
