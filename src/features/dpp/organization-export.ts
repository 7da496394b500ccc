import type { DB } from '../../db/database.js';
import { pageAfter } from '../../db/keyset-page.js';
import type { DppPassportsTable } from './dpp.table.js';

/** One keyset page (by id) of the organization's passports, for privacy's organization export: only the named columns. */
export function passportsPageOf<C extends keyof DppPassportsTable & string>(
  db: DB,
  organizationId: string,
  columns: readonly C[],
  after: string | null,
  limit: number,
) {
  return pageAfter(
    db
      .selectFrom('dpp_passports')
      .select([...columns])
      .where('organization_id', '=', organizationId),
    after,
    limit,
  );
}
