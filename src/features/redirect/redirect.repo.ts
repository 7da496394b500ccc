import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Everything the redirect needs about a code, in one indexed lookup by short code. */
export function findRedirectTarget(db: Kysely<Database>, shortCode: string) {
  return db.selectFrom('codes')
    .select(['id', 'workspace_id', 'organization_id', 'status', 'url', 'destinations', 'expires_at', 'fallback_url', 'max_scans', 'scan_count'])
    .where('short_code', '=', shortCode).where('dynamic', '=', 1)
    .executeTakeFirst();
}
