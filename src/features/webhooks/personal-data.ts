import { sql } from 'kysely';
import type { DB } from '../../db/database.js';

// What webhooks holds of a person, for privacy's erasure (docs/privacy.md).

/**
 * In the delivery log of these organizations' endpoints, `needle` (as it appears inside the stored
 * JSON) becomes `replacement` in the payloads that hold it.
 */
export function scrubDeliveryPayloads(trx: DB, organizationIds: string[], needle: string, replacement: string) {
  return sql`update webhook_deliveries set payload = replace(payload, ${needle}, ${replacement})
    where webhook_id in (select id from webhook_endpoints where organization_id in (${sql.join(organizationIds)}))
      and replace(payload, ${needle}, '') <> payload`.execute(trx);
}
