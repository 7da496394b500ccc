import { sql } from 'kysely';
import type { DB } from '../../db/database.js';
import { pageAfter } from '../../db/keyset-page.js';
import type { CodesTable } from './codes.table.js';

/**
 * One keyset page (by id) of the organization's codes, deleted ones too, for privacy's organization
 * export: only the named columns, and `password_protected` (1 or 0) instead of the visitor password's hash.
 */
export function codesPageOf<C extends keyof CodesTable & string>(
  db: DB,
  organizationId: string,
  columns: readonly C[],
  after: string | null,
  limit: number,
) {
  return pageAfter(
    db
      .selectFrom('codes')
      .select([...columns])
      .select(sql<number>`case when password_hash is null then 0 else 1 end`.as('password_protected'))
      .where('organization_id', '=', organizationId),
    after,
    limit,
  );
}
