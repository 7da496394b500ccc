import { sql } from 'kysely';
import type { DB } from '../../db/database.js';
import { joinWorkspace, organizationWorkspaceIds } from '../workspaces/index.js';

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

/** The organization's counted scans of `period` (YYYY-MM) that are flushed to the counters. */
export async function storedUsage(db: DB, organizationId: string, period: string): Promise<number> {
  const row = await db
    .selectFrom('usage_counters')
    .select('scans')
    .where('organization_id', '=', organizationId)
    .where('period', '=', period)
    .executeTakeFirst();
  return Number(row?.scans ?? 0);
}

export interface StoredUploads {
  bytes: number;
  files: number;
  logos: number;
}

/**
 * What an organization keeps in uploads (docs/decisions.md D60): every file, every logo's bytes
 * (a deleted logo stays stored, since codes that use it keep drawing it), and the live logos.
 * Read through the workspaces, whose ids the two tables are indexed by.
 */
export async function storedUploads(db: DB, organizationId: string): Promise<StoredUploads> {
  const workspaces = organizationWorkspaceIds(db, organizationId);
  const files = await db
    .selectFrom('files')
    .select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(size), 0)`.as('bytes')])
    .where('workspace_id', 'in', workspaces)
    .executeTakeFirstOrThrow();
  const logos = await db
    .selectFrom('logos')
    .select([
      sql<number>`count(deleted_at)`.as('deleted'),
      sql<number>`count(*)`.as('n'),
      sql<number>`coalesce(sum(bytes), 0)`.as('bytes'),
    ])
    .where('workspace_id', 'in', workspaces)
    .executeTakeFirstOrThrow();
  return {
    bytes: Number(files.bytes) + Number(logos.bytes),
    files: Number(files.n),
    logos: Number(logos.n) - Number(logos.deleted),
  };
}
