import { sql } from 'kysely';
import type { DB } from './database.js';

/**
 * `needle` (as it appears inside the stored JSON) becomes `replacement` in the stored answers kept
 * for Idempotency-Key replays (24 h) that quote it: privacy's erasure of a person (docs/privacy.md).
 */
export function scrubIdempotentAnswers(trx: DB, needle: string, replacement: string) {
  return sql`update idempotency_keys set body = replace(body, ${needle}, ${replacement})
    where replace(body, ${needle}, '') <> body`.execute(trx);
}
