import type { Kysely } from 'kysely';

// The operator's console, accounts (docs/decisions.md D74): an organization suspended by the
// operator, with the reason and what its codes answer meanwhile, and a user disabled by the operator.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organizations').addColumn('suspended_at', 'text').execute();
  await db.schema.alterTable('organizations').addColumn('suspension_reason', 'text').execute();
  await db.schema.alterTable('organizations').addColumn('suspension_redirects', 'text').execute();
  await db.schema.alterTable('users').addColumn('disabled_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('disabled_reason', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('disabled_reason').execute();
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
  await db.schema.alterTable('organizations').dropColumn('suspension_redirects').execute();
  await db.schema.alterTable('organizations').dropColumn('suspension_reason').execute();
  await db.schema.alterTable('organizations').dropColumn('suspended_at').execute();
}
