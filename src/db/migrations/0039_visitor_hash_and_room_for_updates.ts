import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.js';

// docs/decisions.md D41. A visitor-day row keeps the first 16 hex digits (64 bits) of the daily-salted
// IP hash instead of 32: the set only tells a new visitor-day from a seen one, within one scope and
// day, and the row and its key were the largest part of a scan's visitor cost. The rollup tables
// leave a quarter of each page free, so a flush's update of a cell can stay on its page (a HOT
// update, which adds no index entry and whose old version the page itself reclaims).

/** scan_visitors rebuilt with each IP hash cut to `chars` (rows that now agree merge, human if either was). */
async function rebuild(db: Kysely<any>, primaryKey: string, chars: number | null) {
  const pg = isPostgres(db);
  await db.schema
    .createTable('scan_visitors_next')
    .addColumn('scope_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('ip_hash', 'text', (c) => c.notNull())
    .addColumn('human', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint(primaryKey, ['scope_id', 'day', 'ip_hash'])
    .$call((t) => (pg ? t : t.modifyEnd(sql`without rowid`)))
    .execute();
  const hash = chars === null ? sql`ip_hash` : sql`substr(ip_hash, 1, ${sql.lit(chars)})`;
  await sql`insert into scan_visitors_next (scope_id, day, ip_hash, human)
    select scope_id, day, ${hash}, max(human) from scan_visitors group by scope_id, day, ${hash}`.execute(db);
  await db.schema.dropTable('scan_visitors').execute();
  await db.schema.alterTable('scan_visitors_next').renameTo('scan_visitors').execute();
}

async function fillfactor(db: Kysely<any>, percent: number) {
  if (!isPostgres(db)) return;
  for (const t of ['scan_rollups', 'workspace_rollups'])
    await sql`alter table ${sql.table(t)} set (fillfactor = ${sql.lit(percent)})`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await rebuild(db, 'scan_visitor_hashes_pk', 16);
  await fillfactor(db, 75);
}

// The cut hashes cannot grow back: visitors seen before a rollback count once more that day.
export async function down(db: Kysely<any>): Promise<void> {
  await rebuild(db, 'scan_visitor_days_pk', null);
  await fillfactor(db, 100);
}
