import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.js';

// docs/decisions.md D44: on SQLite the raw scans become a rowid table, appended in time order, with
// a unique index on (code_id, id) for the per-code reads. As a WITHOUT ROWID table keyed by
// (code_id, id), every b-tree page held whole rows of about 300 bytes, interior pages included:
// a shallow fan-out, and with traffic spread over many codes each scan dirtied more than a page.
// PostgreSQL's table is a heap with its primary key already.

const COLUMNS = `id, code_id, workspace_id, organization_id, scanned_at, country, device, os, browser, referrer,
  language, is_bot, ip_hash, destination`;

const COLUMN_DEFS = `"id" text not null, "code_id" text not null, "workspace_id" text not null,
  "organization_id" text not null, "scanned_at" text not null, "country" text, "device" text, "os" text,
  "browser" text, "referrer" text, "language" text, "is_bot" integer not null, "ip_hash" text, "destination" text`;

async function rebuild(db: Kysely<any>, withoutRowid: boolean): Promise<void> {
  await sql`drop table if exists scans_rebuilt`.execute(db);
  await sql
    .raw(
      withoutRowid
        ? `create table scans_rebuilt (${COLUMN_DEFS}, constraint "scans_pk" primary key ("code_id", "id")) without rowid`
        : `create table scans_rebuilt (${COLUMN_DEFS})`,
    )
    .execute(db);
  // In id order, which is scan time: the rowids then follow time as new scans' will.
  await sql.raw(`insert into scans_rebuilt (${COLUMNS}) select ${COLUMNS} from scans order by id`).execute(db);
  await sql`drop table scans`.execute(db);
  await sql`alter table scans_rebuilt rename to scans`.execute(db);
  if (!withoutRowid) await sql`create unique index scans_code_id_id on scans (code_id, id)`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) await rebuild(db, false);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) await rebuild(db, true);
}
