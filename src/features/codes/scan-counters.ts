import { sql } from 'kysely';
import { isPostgres, type DB } from '../../db/database.js';
import type { ScanConsumer } from '../../platform/scan-consumers.js';

// Imported by the SQLite writer thread too (src/features/scan-consumers.ts): the database only,
// nothing that needs the app's services.

/**
 * Each code's scan_count (non-bot: it drives max_scans) and bot_scan_count (with it, the scan
 * list's total_count), added in the batch's transaction by one statement whatever the number of
 * codes: one UPDATE a code made a batch spread over 800 codes cost 800 statements. PostgreSQL first
 * locks the rows in key order, so two instances' flushes cannot deadlock; SQLite has one writer.
 * The first consumer, right after the scans' own stages (src/features/scan-consumers.ts).
 */
export const codeCountersConsumer: ScanConsumer<void> = {
  name: 'code counters',
  async write(trx, rows) {
    const codes = new Map<string, { humans: number; bots: number }>();
    for (const r of rows) {
      const c = codes.get(r.code_id) ?? { humans: 0, bots: 0 };
      codes.set(r.code_id, c);
      if (r.is_bot) c.bots++;
      else c.humans++;
    }
    const json = JSON.stringify(
      [...codes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([id, n]) => ({ id, ...n })),
    );
    if (isPostgres(trx)) {
      await sql`select id from codes where id in (select id from json_to_recordset(${json}::json) as v(id text))
      order by id for update`.execute(trx);
      await sql`update codes set scan_count = codes.scan_count + v.humans, bot_scan_count = codes.bot_scan_count + v.bots
      from json_to_recordset(${json}::json) as v(id text, humans integer, bots integer) where codes.id = v.id`.execute(
        trx,
      );
      return;
    }
    await sql`update codes set scan_count = scan_count + v.humans, bot_scan_count = bot_scan_count + v.bots
    from (select value ->> '$.id' as id, value ->> '$.humans' as humans, value ->> '$.bots' as bots from json_each(${json})) as v
    where codes.id = v.id`.execute(trx);
  },
};

/** Adds scans retention deleted to the code's purged counters, in the deleting transaction (total_count stays right). */
export function addPurgedScans(trx: DB, codeId: string, humans: number, bots: number) {
  return trx
    .updateTable('codes')
    .set((eb) => ({
      purged_scan_count: eb('purged_scan_count', '+', humans),
      purged_bot_scan_count: eb('purged_bot_scan_count', '+', bots),
    }))
    .where('id', '=', codeId)
    .execute();
}
