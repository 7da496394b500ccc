import { scanIdFloor } from '../ingest/scan-id.js';
import { addPurgedScans } from '../../codes/index.js';
import { isPostgres, type DB } from '../../../db/database.js';
import { detailSparseHours, detailMonths } from '../rollups/detail.repo.js';
import { isoHour, isoMonth } from '../../../lib/time.js';

/**
 * Deletes up to `limit` of a code's scans older than `cutoff`, oldest first, and adds them to the
 * code's purged counters in the same transaction, so total_count stays equal to the rows left. The
 * id bound keeps it a range of the (code_id, id) key (and on PostgreSQL, of old partitions only).
 * Before the rows go, the sparse hours they touch get their quarter cells of the dimensions from
 * them (detailSparseHours), and the months their day cells (detailMonths): the only
 * record of those hours' and months' breakdowns. Another instance deleting
 * the same rows at the same time finds them gone (and the hours claimed): each row is counted,
 * and each hour detailed, by the one statement that did it.
 */
export async function deleteExpiredScans(db: DB, codeId: string, cutoff: Date, limit: number): Promise<number> {
  const expired = (q: DB) =>
    q
      .selectFrom('scans')
      .select(['id', 'scanned_at'])
      .where('code_id', '=', codeId)
      .where('id', '<', scanIdFloor(cutoff.getTime()))
      .where('scanned_at', '<', cutoff.toISOString())
      .orderBy('id');
  // On SQLite a transaction takes the write lock and waits out the scan writer's batch
  // (docs/decisions.md D43): most codes have nothing expired, which a read finds without the lock.
  if (!isPostgres(db) && !(await expired(db).limit(1).execute()).length) return 0;
  return db.transaction().execute(async (trx) => {
    const oldest = await expired(trx).limit(limit).execute();
    if (oldest.length === 0) return 0;
    const times = oldest.map((r) => r.scanned_at).sort();
    await detailSparseHours(trx, codeId, isoHour(times[0]), isoHour(times[times.length - 1]));
    await detailMonths(trx, codeId, isoMonth(times[0]), isoMonth(times[times.length - 1]));
    // The same rows as `oldest`: the first `limit` of the key in that order, hence an id range.
    const gone = await trx
      .deleteFrom('scans')
      .where('code_id', '=', codeId)
      .where('id', '>=', oldest[0].id)
      .where('id', '<=', oldest[oldest.length - 1].id)
      .where('scanned_at', '<', cutoff.toISOString())
      .returning('is_bot')
      .execute();
    if (gone.length === 0) return 0;
    const bots = gone.filter((r) => Number(r.is_bot) === 1).length;
    await addPurgedScans(trx, codeId, gone.length - bots, bots);
    return gone.length;
  });
}
