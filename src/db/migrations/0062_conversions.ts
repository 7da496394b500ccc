import type { Kysely } from 'kysely';

// Conversions and GA4 forwarding (docs/decisions.md D81): events a customer's site reports after a
// scan, attributed to the code (and scan) its click id names; a workspace's GA4 Measurement Protocol
// settings; and the per-code opt-in that makes the redirect append the click id.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('conversions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('code_id', 'text', (c) => c.notNull())
    // the scan the click id names; its row may not be written yet (or already purged by retention)
    .addColumn('scan_id', 'text', (c) => c.notNull())
    .addColumn('scanned_at', 'text', (c) => c.notNull())
    // 'lead', 'sale' or a custom name
    .addColumn('event', 'text', (c) => c.notNull())
    // minor units (cents) of `currency`; sales only
    .addColumn('amount', 'bigint')
    .addColumn('currency', 'text')
    // the caller's own id of the event: a second report with it is the same conversion
    .addColumn('event_id', 'text')
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // Analytics sum a code set's conversions over a range of time.
  await db.schema
    .createIndex('conversions_code_idx')
    .on('conversions')
    .columns(['workspace_id', 'code_id', 'occurred_at'])
    .execute();
  await db.schema
    .createIndex('conversions_event_id_key')
    .on('conversions')
    .columns(['workspace_id', 'event_id'])
    .unique()
    .execute();
  await db.schema
    .createTable('ga4_settings')
    .addColumn('workspace_id', 'text', (c) => c.primaryKey())
    .addColumn('measurement_id', 'text', (c) => c.notNull())
    // sealed with SECRETS_KEY (src/lib/sealed.ts), never returned
    .addColumn('api_secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('codes')
    .addColumn('append_click_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('codes').dropColumn('append_click_id').execute();
  await db.schema.dropTable('ga4_settings').execute();
  await db.schema.dropTable('conversions').execute();
}
