import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.js';

// One visitor-day row per (scope, UTC day, IP hash) with a `human` flag, in place of one row in the
// all-visitors set and a second in the human set: a human scan wrote two rows per scope, so about
// 1.8 rows per visitor-day under mixed traffic (docs/decisions.md D37). The flag turns 1 with the
// first human scan; a row reaches 1 only once, so that update marks a new human visitor exactly.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('scan_visitors_next')
    .addColumn('scope_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('ip_hash', 'text', (c) => c.notNull())
    .addColumn('human', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('scan_visitor_days_pk', ['scope_id', 'day', 'ip_hash'])
    .$call((t) => (pg ? t : t.modifyEnd(sql`without rowid`)))
    .execute();
  await sql`insert into scan_visitors_next (scope_id, day, ip_hash, human)
    select scope_id, day, ip_hash, max(human) from scan_visitors group by scope_id, day, ip_hash`.execute(db);
  await db.schema.dropTable('scan_visitors').execute();
  await db.schema.alterTable('scan_visitors_next').renameTo('scan_visitors').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('scan_visitors_prev')
    .addColumn('scope_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('human', 'integer', (c) => c.notNull())
    .addColumn('ip_hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('scan_visitors_pk', ['scope_id', 'day', 'human', 'ip_hash'])
    .$call((t) => (pg ? t : t.modifyEnd(sql`without rowid`)))
    .execute();
  await sql`insert into scan_visitors_prev (scope_id, day, human, ip_hash)
    select scope_id, day, 0, ip_hash from scan_visitors
    union all select scope_id, day, 1, ip_hash from scan_visitors where human = 1`.execute(db);
  await db.schema.dropTable('scan_visitors').execute();
  await db.schema.alterTable('scan_visitors_prev').renameTo('scan_visitors').execute();
}
