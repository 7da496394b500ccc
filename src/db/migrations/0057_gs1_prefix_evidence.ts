import type { Kysely } from 'kysely';

// GS1 prefix verification without a shell (docs/decisions/0075-gs1-prefix-verification.md): a claim
// carries evidence (a licence document in the blob store, or the GEPIR record found), is `pending`
// until an operator approves (`verified`) or rejects it (`rejected`, with the reason). Existing
// `self_declared` and `verified` rows keep their status: they had no evidence to show.
const COLUMNS = [
  'evidence_file_key',
  'evidence_file_name',
  'evidence_content_type',
  'evidence_url',
  'evidence_text',
  'submitted_at',
  'rejection_reason',
  'decided_at',
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const c of COLUMNS) await db.schema.alterTable('gs1_prefixes').addColumn(c, 'text').execute();
  await db.schema.alterTable('gs1_prefixes').addColumn('evidence_size', 'integer').execute();
  // The operator's queue reads the pending claims oldest first.
  await db.schema
    .createIndex('gs1_prefixes_status_submitted')
    .on('gs1_prefixes')
    .columns(['status', 'submitted_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('gs1_prefixes_status_submitted').execute();
  for (const c of [...COLUMNS, 'evidence_size']) await db.schema.alterTable('gs1_prefixes').dropColumn(c).execute();
}
