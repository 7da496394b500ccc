import { sql } from 'kysely';
import type { DB } from '../../db/database.js';
import { prefixesCovering } from './gs1-prefixes.fns.js';

/**
 * A verified prefix of the organization in `organizationId` (a column of the outer query, such as
 * `p.organization_id`) covering the GTIN (14 digits): a correlated subquery for `exists`, so a
 * passport read checks ownership in its own statement (docs/decisions.md D71).
 */
export const verifiedPrefixCovering = (db: DB, organizationId: string, gtin14: string) =>
  db
    .selectFrom('gs1_prefixes as g')
    .select('g.id')
    .where('g.organization_id', '=', sql.ref<string>(organizationId))
    .where('g.status', '=', 'verified')
    .where('g.prefix', 'in', prefixesCovering(gtin14));
