import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

export interface AuditFilters {
  resource_type?: string;
  resource_id?: string;
  action?: string;
}

/**
 * One workspace's entries with equality filters. Each filter has a (workspace_id, <column>, id)
 * index (migration 0001), so both the page and the exact count are index range scans.
 */
export function auditQuery(db: Db, workspaceId: string, f: AuditFilters) {
  let q = db.selectFrom('audit_logs').selectAll().where('workspace_id', '=', workspaceId);
  if (f.resource_type !== undefined) q = q.where('resource_type', '=', f.resource_type);
  if (f.resource_id !== undefined) q = q.where('resource_id', '=', f.resource_id);
  if (f.action !== undefined) q = q.where('action', '=', f.action);
  return q;
}

export function findAuditEntry(db: Db, workspaceId: string, id: string) {
  return db.selectFrom('audit_logs').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
}
