import type { DB } from '../../../db/database.js';

export function listScansQuery(db: DB, codeId: string, includeBots: boolean) {
  let q = db.selectFrom('scans').where('code_id', '=', codeId);
  if (!includeBots) q = q.where('is_bot', '=', 0);
  return q.selectAll();
}
