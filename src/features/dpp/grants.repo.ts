import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { DppAccessGrantsTable } from './dpp.table.js';

type Db = Kysely<Database>;

export function insertGrant(db: Db, row: Insertable<DppAccessGrantsTable>) {
  return db.insertInto('dpp_access_grants').values(row).execute();
}

export function findGrantByHash(db: Db, tokenHash: string) {
  return db.selectFrom('dpp_access_grants').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export function findGrant(db: Db, passportId: string, id: string) {
  return db.selectFrom('dpp_access_grants').selectAll().where('passport_id', '=', passportId).where('id', '=', id).executeTakeFirst();
}

export function listGrantsQuery(db: Db, passportId: string) {
  return db.selectFrom('dpp_access_grants').where('passport_id', '=', passportId).selectAll();
}

export function revokeGrant(db: Db, id: string, at: string) {
  return db.updateTable('dpp_access_grants').set({ revoked_at: at }).where('id', '=', id).execute();
}
