import type { Insertable, Updateable } from 'kysely';
import type { DB } from '../../db/database.js';
import type { BillingAccountsTable, BillingEventsTable } from './billing.table.js';
import { paidLiveOrganizationIds } from '../organizations/index.js';
import { flaggedDefaultWorkspaceId } from '../workspaces/index.js';

export function findAccount(db: DB, organizationId: string) {
  return db.selectFrom('billing_accounts').selectAll().where('organization_id', '=', organizationId).executeTakeFirst();
}

export function findAccountByCustomer(db: DB, customerId: string) {
  return db.selectFrom('billing_accounts').selectAll().where('customer_id', '=', customerId).executeTakeFirst();
}

export function insertAccount(db: DB, row: Insertable<BillingAccountsTable>) {
  return db.insertInto('billing_accounts').values(row).execute();
}

export function updateAccount(db: DB, organizationId: string, patch: Updateable<BillingAccountsTable>) {
  return db.updateTable('billing_accounts').set(patch).where('organization_id', '=', organizationId).execute();
}

/** Records an event id; false when it was already there (a replay). */
export async function claimEvent(db: DB, row: Insertable<BillingEventsTable>): Promise<boolean> {
  const res = await db
    .insertInto('billing_events')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export function setEventOutcome(db: DB, id: string, organizationId: string | null, outcome: string) {
  return db
    .updateTable('billing_events')
    .set({ organization_id: organizationId, outcome })
    .where('id', '=', id)
    .execute();
}

/** Past-due accounts whose grace period began at or before `since` and that still have a paid plan. */
export function graceExpired(db: DB, since: string) {
  return db
    .selectFrom('billing_accounts')
    .select('organization_id')
    .where('past_due_since', 'is not', null)
    .where('past_due_since', '<=', since)
    .where('organization_id', 'in', paidLiveOrganizationIds(db))
    .execute();
}

export async function defaultWorkspaceId(db: DB, organizationId: string) {
  const id = await flaggedDefaultWorkspaceId(db, organizationId);
  return id === undefined ? undefined : { id };
}

/** The organization's account row, created empty on first use (no subscription yet). */
export async function ensureAccount(db: DB, organizationId: string, at: Date) {
  await db
    .insertInto('billing_accounts')
    .values({
      organization_id: organizationId,
      status: 'none',
      cancel_at_period_end: 0,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
    })
    .onConflict((oc) => oc.column('organization_id').doNothing())
    .execute();
  return (await findAccount(db, organizationId))!;
}
