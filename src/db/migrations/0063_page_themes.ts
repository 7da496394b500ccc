import type { Kysely } from 'kysely';

// Branded hosted pages (docs/decisions.md D82): one brand kit per workspace may be the one whose
// `style.page` (logo, colours, font) every hosted page of the workspace wears, unless a code's own
// kit sets a page style. A flag on the kit keeps the choice in the brand feature's own table.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('brand_kits')
    .addColumn('pages_default', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('brand_kits').dropColumn('pages_default').execute();
}
