import { sql } from 'kysely';
import type { DB } from '../../db/database.js';
import { joinWorkspace } from '../workspaces/index.js';

/** docs/decisions.md D5: dynamic codes that are not deleted, not expired, and not in an archived workspace. */
export async function countActiveDynamicCodes(db: DB, organizationId: string, now: string): Promise<number> {
  const row = await joinWorkspace(db.selectFrom('codes'), 'codes.workspace_id')
    .select(sql<number>`count(*)`.as('n'))
    .where('codes.organization_id', '=', organizationId)
    .where('codes.dynamic', '=', 1)
    .where('codes.status', '!=', 'deleted')
    .where('workspaces.status', '=', 'active')
    .where((eb) => eb.or([eb('codes.expires_at', 'is', null), eb('codes.expires_at', '>', now)]))
    .where((eb) => eb.or([eb('codes.max_scans', 'is', null), eb('codes.scan_count', '<', eb.ref('codes.max_scans'))]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
