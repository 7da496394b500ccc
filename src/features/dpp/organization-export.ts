import type { DB } from '../../db/database.js';
import type { DppPassportsTable } from './dpp.table.js';

/** One keyset page (by id) of the organization's passports, for privacy's organization export: only the named columns. */
export function passportsPageOf<C extends keyof DppPassportsTable & string>(
  db: DB,
  organizationId: string,
  columns: readonly C[],
  after: string | null,
  limit: number,
) {
  let q = db
    .selectFrom('dpp_passports')
    .select([...columns])
    .where('organization_id', '=', organizationId);
  if (after) q = q.where('id', '>', after);
  return q.orderBy('id').limit(limit).execute();
}
