import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { scanIdFloor } from './scan-id.js';

type Db = Kysely<Database>;

/** Workspaces that keep raw scans for a limited time (archived ones too: their scans still age). */
export async function workspacesWithRetention(db: Db): Promise<Array<{ id: string; days: number }>> {
  const rows = await db.selectFrom('workspaces').select(['id', 'scan_retention_days']).where('scan_retention_days', 'is not', null).orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, days: Number(r.scan_retention_days) }));
}

/**
 * Deletes up to `limit` of a code's scans older than `cutoff`, oldest first, and adds them to the
 * code's purged counters in the same transaction, so total_count stays equal to the rows left. The
 * id bound keeps it a range of the (code_id, id) key (and on PostgreSQL, of old partitions only).
 * Another instance deleting the same rows at the same time finds them gone: each row is counted
 * by the one statement that removed it.
 */
export async function deleteExpiredScans(db: Db, codeId: string, cutoff: Date, limit: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const oldest = trx.selectFrom('scans').select('id').where('code_id', '=', codeId)
      .where('id', '<', scanIdFloor(cutoff.getTime())).where('scanned_at', '<', cutoff.toISOString()).orderBy('id').limit(limit);
    const gone = await trx.deleteFrom('scans').where('code_id', '=', codeId).where('id', 'in', oldest).returning('is_bot').execute();
    if (gone.length === 0) return 0;
    const bots = gone.filter((r) => Number(r.is_bot) === 1).length;
    await trx.updateTable('codes').set((eb) => ({
      purged_scan_count: eb('purged_scan_count', '+', gone.length - bots),
      purged_bot_scan_count: eb('purged_bot_scan_count', '+', bots),
    })).where('id', '=', codeId).execute();
    return gone.length;
  });
}
