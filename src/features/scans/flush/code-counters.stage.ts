import { sql } from 'kysely';
import { isPostgres } from '../../../db/database.js';
import { byKey, type FlushStage } from './stage.js';

/**
 * Each code's scan_count (non-bot: it drives max_scans) and bot_scan_count (with it, the scan
 * list's total_count), added by one statement whatever the number of codes: one UPDATE a code made
 * a batch spread over 800 codes cost 800 statements. PostgreSQL first locks the rows in key order,
 * so two instances' flushes cannot deadlock; SQLite has one writer.
 */
export const addCodeCounts: FlushStage = async (trx, { rows }) => {
  const codes = new Map<string, { humans: number; bots: number }>();
  for (const r of rows) {
    const c = codes.get(r.code_id) ?? { humans: 0, bots: 0 };
    codes.set(r.code_id, c);
    if (r.is_bot) c.bots++;
    else c.humans++;
  }
  const json = JSON.stringify([...codes].sort(byKey).map(([id, n]) => ({ id, humans: n.humans, bots: n.bots })));
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
};
