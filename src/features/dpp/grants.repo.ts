import type { Insertable } from 'kysely';
import type { DB } from '../../db/database.js';
import type { DppAccessGrantsTable } from './dpp.table.js';

export function insertGrant(db: DB, row: Insertable<DppAccessGrantsTable>) {
  return db.insertInto('dpp_access_grants').values(row).execute();
}

export function findGrantByHash(db: DB, tokenHash: string) {
  return db.selectFrom('dpp_access_grants').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export function findGrant(db: DB, passportId: string, id: string) {
  return db
    .selectFrom('dpp_access_grants')
    .selectAll()
    .where('passport_id', '=', passportId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function listGrantsQuery(db: DB, passportId: string) {
  return db.selectFrom('dpp_access_grants').where('passport_id', '=', passportId).selectAll();
}

export function revokeGrant(db: DB, id: string, at: string) {
  return db.updateTable('dpp_access_grants').set({ revoked_at: at }).where('id', '=', id).execute();
}
