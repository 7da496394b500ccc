import type { Kysely } from 'kysely';

// The audit log's actor filter (GET /v1/audit-logs?actor_id=…) is an equality plus "newest first
// by id", like the other filters: its own composite index keeps it a range scan.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('audit_ws_actor_idx')
    .on('audit_logs')
    .columns(['workspace_id', 'actor_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_ws_actor_idx').execute();
}
