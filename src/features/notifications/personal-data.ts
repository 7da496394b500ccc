import type { DB } from '../../db/database.js';

// What notifications holds of a person, for privacy's erasure (docs/privacy.md, docs/decisions.md D64).

export const deleteNotificationsOf = (trx: DB, userId: string) =>
  trx.deleteFrom('notifications').where('user_id', '=', userId).execute();

export const deleteNotificationPreferencesOf = (trx: DB, userId: string) =>
  trx.deleteFrom('notification_preferences').where('user_id', '=', userId).execute();
