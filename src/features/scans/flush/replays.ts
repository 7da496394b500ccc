import type { DB } from '../../../db/database.js';
import { chunked } from '../../../db/statement-limits.js';
import type { ScanRow } from '../scans.table.js';

/**
 * The batches (cut by the sink at `starts`) not yet written. A connection lost after COMMIT and
 * before its reply fails the flush, and a killed process replays its journal: either way a batch
 * may come again, perhaps grouped with others. A batch always commits whole, so finding its first
 * row means all of it is written.
 */
export async function unwritten(trx: DB, rows: ScanRow[], starts: number[]): Promise<ScanRow[]> {
  const firsts = starts.map((i) => rows[i]);
  const found = new Set<string>();
  for (const chunk of chunked(firsts, 100)) {
    const written = await trx
      .selectFrom('scans')
      .select('id')
      .where((eb) =>
        eb.or(
          chunk.map((r) =>
            eb.and([eb('code_id', '=', r.code_id), eb('id', '=', r.id), eb('scanned_at', '=', r.scanned_at)]),
          ),
        ),
      )
      .execute();
    for (const w of written) found.add(w.id);
  }
  if (!found.size) return rows;
  return starts.flatMap((start, i) => (found.has(rows[start].id) ? [] : rows.slice(start, starts[i + 1])));
}
