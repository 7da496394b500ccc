import { sql, type Kysely } from 'kysely';

// What a claim reads: due pending jobs of a kind in run_at order, and running jobs whose lease ran
// out. The (status, run_at) index served both, but every job passes pending → running → done, and
// on PostgreSQL each step leaves a dead entry under the old status until vacuum: in a burst of
// 10,000 webhook deliveries a claim of 10 jobs visited 240,000 such entries (78 ms). Partial indexes
// hold only live candidates, and an ordered index scan marks dead entries so the next claim skips them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('jobs_pending_idx')
    .on('jobs')
    .columns(['kind', 'run_at'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('jobs_lease_idx')
    .on('jobs')
    .columns(['kind', 'locked_until'])
    .where(sql.ref('status'), '=', 'running')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('jobs_lease_idx').execute();
  await db.schema.dropIndex('jobs_pending_idx').execute();
}
