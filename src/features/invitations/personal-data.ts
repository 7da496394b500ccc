import type { DB } from '../../db/database.js';

// What invitations holds of a person, for privacy's erasure (docs/privacy.md).

/** The organizations that invited the address (their logs may quote it). */
export function organizationsInviting(db: DB, email: string) {
  return db.selectFrom('invitations').select('organization_id').distinct().where('email', '=', email).execute();
}

/** Invitations to the address keep their history under an address nobody owns. */
export function readdressInvitations(trx: DB, email: string, placeholder: string) {
  return trx.updateTable('invitations').set({ email: placeholder }).where('email', '=', email).execute();
}
