import type { DB } from '../../db/database.js';

// What announcements holds of a person, for privacy's erasure (docs/privacy.md): which notices
// they dismissed says when they were signed in.
export const deleteDismissalsOf = (trx: DB, actorId: string) =>
  trx.deleteFrom('announcement_dismissals').where('actor_id', '=', actorId).execute();
