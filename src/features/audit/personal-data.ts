import { sql } from 'kysely';
import type { DB } from '../../db/database.js';
import { pageAfter } from '../../db/keyset-page.js';

// What the audit log holds of a person, for privacy's erasure and export (docs/privacy.md).

/**
 * Entries stay (what happened is kept): `needle`, as it appears inside the stored JSON of their
 * changes, becomes `replacement` in the organization's entries that hold it.
 */
export function scrubAuditChanges(trx: DB, organizationId: string, needle: string, replacement: string) {
  return sql`update audit_logs set changes = replace(changes, ${needle}, ${replacement})
    where organization_id = ${organizationId} and replace(changes, ${needle}, '') <> changes`.execute(trx);
}

/** The columns of an entry that an export shows. */
export const AUDIT_EXPORT_COLUMNS = [
  'id',
  'workspace_id',
  'actor_type',
  'actor_id',
  'action',
  'resource_type',
  'resource_id',
  'changes',
  'request_id',
  'created_at',
] as const;

/** One keyset page (by id) of the entries of an organization or of an actor. */
export function auditExportPage(db: DB, filter: { organizationId?: string; actorId?: string }) {
  return (after: string | null, limit: number) => {
    let q = db.selectFrom('audit_logs').select([...AUDIT_EXPORT_COLUMNS]);
    if (filter.organizationId) q = q.where('organization_id', '=', filter.organizationId);
    if (filter.actorId) q = q.where('actor_id', '=', filter.actorId);
    return pageAfter(q, after, limit);
  };
}
