import type { Kysely } from 'kysely';

// One row per organization, meter, month and threshold reached (docs/decisions.md D21): its primary
// key is what makes the 80 % and 100 % notices fire once, across instances and concurrent flushes.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('usage_thresholds')
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('meter', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('threshold', 'integer', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull())
    .addColumn('plan_limit', 'integer', (c) => c.notNull())
    .addColumn('reached_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_thresholds_pk', ['organization_id', 'meter', 'period', 'threshold'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('usage_thresholds').execute();
}
