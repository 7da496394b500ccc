import type { SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { joinOnId } from '../../db/join-on-id.js';

/**
 * The organizations table joined to another feature's query on its `organization_id` column, so a
 * read that needs an organization's state (deleted, suspended, its name) stays one statement while
 * the table's name lives here (docs/decisions.md D71). The caller selects and filters
 * `organizations.*` columns as it did with its own join.
 */
export function joinOrganization<D extends Database, TB extends keyof D, O>(
  qb: SelectQueryBuilder<D, TB, O>,
  organizationId: `${TB & string}.organization_id`,
): SelectQueryBuilder<D, TB | 'organizations', O> {
  return joinOnId(qb, 'organizations', organizationId);
}

/** Ids of soft-deleted organizations, as a subquery for `where(…, 'in', …)`. */
export const deletedOrganizationIds = (db: DB) =>
  db.selectFrom('organizations').select('id').where('deleted_at', 'is not', null);
