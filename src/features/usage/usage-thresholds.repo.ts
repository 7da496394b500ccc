import type { DB } from '../../db/database.js';
import type { UsageThresholdsTable } from './usage.table.js';

export function organizationsForThresholds(db: DB, ids: string[]) {
  return db
    .selectFrom('organizations')
    .select(['id', 'name', 'plan', 'billing_email'])
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Inserts the rows not there yet and returns those it inserted: the unique key decides who notifies. */
export function recordReached(db: DB, rows: UsageThresholdsTable[]) {
  return db
    .insertInto('usage_thresholds')
    .values(rows)
    .onConflict((oc) => oc.columns(['organization_id', 'meter', 'period', 'threshold']).doNothing())
    .returning(['organization_id', 'meter', 'period', 'threshold', 'used', 'plan_limit'])
    .execute();
}

/** The organization's default workspace: the event's home, and the language of the billing address. */
export function defaultWorkspace(db: DB, organizationId: string) {
  return db
    .selectFrom('workspaces')
    .select(['id', 'default_locale'])
    .where('organization_id', '=', organizationId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
}

/** The org admins who can still receive mail (erased users have no address). */
export function adminRecipients(db: DB, organizationId: string) {
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.email', 'users.locale'])
    .where('memberships.organization_id', '=', organizationId)
    .where('memberships.role', '=', 'org_admin')
    .where('users.erased_at', 'is', null)
    .orderBy('users.email')
    .execute();
}
