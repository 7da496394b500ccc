import { sql } from 'kysely';
import type { DB } from '../../db/database.js';
import { organizationWorkspaceIds } from '../workspaces/index.js';

/**
 * An organization's logos, read through its workspaces (the table's index): the live ones, and the
 * bytes of all of them, since a deleted logo stays stored while codes that use it keep drawing it
 * (docs/decisions.md D60).
 */
export async function storedLogosOf(db: DB, organizationId: string): Promise<{ count: number; bytes: number }> {
  const row = await db
    .selectFrom('logos')
    .select([
      sql<number>`count(deleted_at)`.as('deleted'),
      sql<number>`count(*)`.as('n'),
      sql<number>`coalesce(sum(bytes), 0)`.as('bytes'),
    ])
    .where('workspace_id', 'in', organizationWorkspaceIds(db, organizationId))
    .executeTakeFirstOrThrow();
  return { count: Number(row.n) - Number(row.deleted), bytes: Number(row.bytes) };
}
