import type { Kysely } from 'kysely';

// Dynamic data of a battery (state of health, cycles, temperatures, events) as an append-only log:
// rows are inserted, never updated or deleted; the passport's data holds the latest value of each.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dpp_readings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('passport_id', 'text', (c) => c.notNull().references('dpp_passports.id'))
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id'))
    .addColumn('attribute', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('measured_at', 'text', (c) => c.notNull())
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('dpp_readings_passport_idx')
    .on('dpp_readings')
    .columns(['passport_id', 'attribute', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('dpp_readings').execute();
}
