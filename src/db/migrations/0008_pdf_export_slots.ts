import type { Kysely } from 'kysely';

// Heavy requests (docs/security.md): a workspace's running PDF exports, one row per held slot, shared by
// every instance. A lease that outlives its holder (a crashed instance) is taken over once expired.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('export_slots')
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('export_slots_pk', ['workspace_id', 'slot'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('export_slots').execute();
}
