import { sql } from 'kysely';
import type { DB } from '../../db/database.js';

/**
 * `needle` (as it appears inside the stored JSON) becomes `replacement` in every job's payload that
 * holds it, finished or not: privacy's erasure of a person (docs/privacy.md).
 */
export function scrubJobPayloads(trx: DB, needle: string, replacement: string) {
  return sql`update jobs set payload = replace(payload, ${needle}, ${replacement})
    where replace(payload, ${needle}, '') <> payload`.execute(trx);
}
