import type { Kysely } from 'kysely';

// Stripe billing (docs/billing.md): one account per organization, and the ids of the webhook
// events already applied, so a replay changes nothing.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('billing_accounts')
    .addColumn('organization_id', 'text', (c) => c.primaryKey().references('organizations.id'))
    .addColumn('customer_id', 'text', (c) => c.unique())
    .addColumn('subscription_id', 'text')
    // the subscription's own `created` (Unix seconds): a newer subscription supersedes an older one
    .addColumn('subscription_created', 'bigint')
    // the `created` of the last event applied to that subscription (Unix seconds)
    .addColumn('event_created', 'bigint')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('subscribed_plan', 'text')
    .addColumn('current_period_end', 'text')
    .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('past_due_since', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('billing_accounts_past_due_idx')
    .on('billing_accounts')
    .column('past_due_since')
    .execute();
  await db.schema
    .createTable('billing_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('organization_id', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('billing_events').execute();
  await db.schema.dropTable('billing_accounts').execute();
}
