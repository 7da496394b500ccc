import type { DB } from '../../db/database.js';
import type { UsageThresholdsTable } from './usage.table.js';
import { userRows } from '../accounts/index.js';
import { liveOrganizationsAmong, orgAdminIdsOf } from '../organizations/index.js';
import { defaultWorkspaceOf } from '../workspaces/index.js';

/** The live organizations among these ids, with their plan and billing address. */
export const organizationsForThresholds = liveOrganizationsAmong;

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
export const defaultWorkspace = defaultWorkspaceOf;

/** The org admins who can still receive mail (erased users have no address). */
export function adminRecipients(db: DB, organizationId: string) {
  return db
    .selectFrom(userRows(db).as('users'))
    .select(['users.email', 'users.locale'])
    .where('users.id', 'in', orgAdminIdsOf(db, organizationId))
    .where('users.erased_at', 'is', null)
    .orderBy('users.email')
    .execute();
}
