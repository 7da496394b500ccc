import type { Insertable } from 'kysely';
import type { DB } from '../../db/database.js';
import type { DppReadingsTable } from './dpp.table.js';

// Insert and select only: the log is append-only, so there is no update or delete here.
export function insertReadings(db: DB, rows: Insertable<DppReadingsTable>[]) {
  return db.insertInto('dpp_readings').values(rows).execute();
}

export function listReadingsQuery(db: DB, passportId: string, attribute?: string) {
  let q = db.selectFrom('dpp_readings').where('passport_id', '=', passportId);
  if (attribute !== undefined) q = q.where('attribute', '=', attribute);
  return q.selectAll();
}
