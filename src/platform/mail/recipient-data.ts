import type { DB } from '../../db/database.js';

// The outbox's messages to an address, for privacy's erasure (docs/privacy.md): queued and sent
// mail to the person goes whole.

export async function mailIdsTo(db: DB, address: string): Promise<string[]> {
  const rows = await db.selectFrom('mail_messages').select('id').where('to_address', '=', address).execute();
  return rows.map((r) => r.id);
}

export const deleteMailTo = (trx: DB, address: string) =>
  trx.deleteFrom('mail_messages').where('to_address', '=', address).execute();
