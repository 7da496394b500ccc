import { scanIdFloor } from '../ingest/scan-id.js';
import type { DB } from '../../../db/database.js';
import { CSV_COLUMNS } from './scan-csv.js';

/** A half-open range of scan time (ISO strings; null = unbounded) and the bot filter. */
export interface ScanRange {
  from: string | null;
  to: string | null;
  includeBots: boolean;
}

/**
 * The next `limit` scans of a code after `afterId`, oldest first. Keyset on the (code_id, id) key
 * with id bounds from the time range (scan ids carry the scan time), so each chunk costs O(chunk)
 * whatever the code has stored, and on PostgreSQL only the months of the range are read.
 */
export function scanChunk(db: DB, codeId: string, r: ScanRange, afterId: string | null, limit: number) {
  let q = db
    .selectFrom('scans')
    .select([...CSV_COLUMNS])
    .where('code_id', '=', codeId);
  if (r.from !== null) q = q.where('id', '>=', scanIdFloor(Date.parse(r.from))).where('scanned_at', '>=', r.from);
  if (r.to !== null) q = q.where('id', '<', scanIdFloor(Date.parse(r.to) + 1)).where('scanned_at', '<', r.to);
  if (afterId !== null) q = q.where('id', '>', afterId);
  if (!r.includeBots) q = q.where('is_bot', '=', 0);
  return q.orderBy('id').limit(limit).execute();
}

/** The next `limit` code ids of a workspace after `afterId`, deleted codes included (their scans stay). */
export async function workspaceCodeIds(
  db: DB,
  workspaceId: string,
  afterId: string | null,
  limit: number,
): Promise<string[]> {
  let q = db.selectFrom('codes').select('id').where('workspace_id', '=', workspaceId);
  if (afterId !== null) q = q.where('id', '>', afterId);
  return (await q.orderBy('id').limit(limit).execute()).map((r) => r.id);
}
