import { sql } from 'kysely';
import type { DB } from '../../db/database.js';
import { organizationWorkspaceIds } from '../workspaces/index.js';

/**
 * An organization's files, read through its workspaces (the table's index): how many, and their
 * bytes. The usage meter counts them against the plan's storage (docs/decisions.md D60).
 */
export async function storedFilesOf(db: DB, organizationId: string): Promise<{ count: number; bytes: number }> {
  const row = await db
    .selectFrom('files')
    .select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(size), 0)`.as('bytes')])
    .where('workspace_id', 'in', organizationWorkspaceIds(db, organizationId))
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), bytes: Number(row.bytes) };
}
