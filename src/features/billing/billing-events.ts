import type { Selectable } from 'kysely';
import type { DB } from '../../db/database.js';
import type { Config } from '../../platform/config.js';
import type { PlanName } from '../../platform/plans.js';
import { lockRow } from '../../db/row-lock.js';
import { claimEvent, ensureAccount, findAccountByCustomer, setEventOutcome, updateAccount } from './billing.repo.js';
import type { BillingAccountsTable } from './billing.table.js';
import { changePlan } from './plan-change.js';
import { findActiveOrganization } from '../organizations/index.js';

export type Outcome = 'applied' | 'duplicate' | 'stale' | 'ignored';

/** The parts of a provider event we read; everything else in the payload is ignored. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** Unix seconds */
  created: number;
  data: { object: Record<string, any> };
}

type Account = Selectable<BillingAccountsTable>;

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const idOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v ? String((v as { id: unknown }).id) : null;

export function planForPrice(config: Config, priceId: string | null): PlanName | null {
  if (!priceId) return null;
  const hit = Object.entries(config.billing.prices).find(([, price]) => price === priceId);
  return hit ? (hit[0] as PlanName) : null;
}

/**
 * The organization an object belongs to: by its customer first (we made every customer), then by
 * the organization id we put in its metadata, but never to hijack an account bound to another customer.
 */
async function accountFor(trx: DB, customerId: string | null, orgHint: unknown, at: Date) {
  const byCustomer = customerId ? await findAccountByCustomer(trx, customerId) : undefined;
  if (byCustomer) return byCustomer;
  if (typeof orgHint !== 'string' || !(await findActiveOrganization(trx, orgHint))) return null;
  const account = await ensureAccount(trx, orgHint, at);
  if (account.customer_id && account.customer_id !== customerId) return null;
  if (!account.customer_id && customerId) {
    await updateAccount(trx, orgHint, { customer_id: customerId });
    account.customer_id = customerId;
  }
  return account;
}

async function checkoutCompleted(trx: DB, session: Record<string, any>, at: Date) {
  const account = await accountFor(
    trx,
    idOf(session.customer),
    session.client_reference_id ?? session.metadata?.organization_id,
    at,
  );
  return account ? { account, outcome: 'applied' as const } : null;
}

/** Is this subscription event older than what the account already reflects? */
function isStale(account: Account, sub: Record<string, any>, eventCreated: number): boolean {
  if (!account.subscription_id) return false;
  if (account.subscription_id !== sub.id) return Number(sub.created ?? 0) < Number(account.subscription_created ?? 0);
  return eventCreated < Number(account.event_created ?? 0);
}

async function subscriptionChanged(
  trx: DB,
  config: Config,
  event: ProviderEvent,
  sub: Record<string, any>,
  deleted: boolean,
  at: Date,
) {
  const account = await accountFor(trx, idOf(sub.customer), sub.metadata?.organization_id, at);
  if (!account) return null;
  await lockRow(trx, 'organizations', account.organization_id);
  if (isStale(account, sub, event.created)) return { account, outcome: 'stale' as const };
  const item = sub.items?.data?.[0] ?? {};
  const status: string = deleted ? 'canceled' : String(sub.status);
  const subscribed =
    planForPrice(config, idOf(item.price)) ?? (account.subscription_id === sub.id ? account.subscribed_plan : null);
  const periodEnd = item.current_period_end ?? sub.current_period_end ?? null;
  let pastDueSince = account.past_due_since;
  let target: string | null = null;
  if (status === 'active' || status === 'trialing') {
    target = subscribed;
    pastDueSince = null;
  } else if (status === 'past_due' || status === 'unpaid') {
    pastDueSince ??= iso(event.created);
  } else if (status === 'canceled' || status === 'incomplete_expired') {
    target = 'free';
    pastDueSince = null;
  }
  await updateAccount(trx, account.organization_id, {
    subscription_id: sub.id,
    subscription_created: Number(sub.created ?? 0),
    event_created: event.created,
    status,
    subscribed_plan: subscribed,
    current_period_end: typeof periodEnd === 'number' ? iso(periodEnd) : null,
    cancel_at_period_end: sub.cancel_at_period_end ? 1 : 0,
    past_due_since: pastDueSince,
    updated_at: at.toISOString(),
  });
  if (target) await changePlan(trx, account.organization_id, target as PlanName, at);
  return { account, outcome: 'applied' as const };
}

async function invoiceSettled(trx: DB, event: ProviderEvent, invoice: Record<string, any>, paid: boolean, at: Date) {
  const customerId = idOf(invoice.customer);
  const account = customerId ? await findAccountByCustomer(trx, customerId) : undefined;
  if (!account) return null;
  await lockRow(trx, 'organizations', account.organization_id);
  const subId = idOf(invoice.parent?.subscription_details?.subscription ?? invoice.subscription);
  // An invoice of another (older) subscription, or one older than what we know, changes nothing.
  if (!subId || subId !== account.subscription_id) return { account, outcome: 'ignored' as const };
  if (event.created < Number(account.event_created ?? 0) || account.status === 'canceled')
    return { account, outcome: 'stale' as const };
  const patch: Partial<Account> = { event_created: event.created, updated_at: at.toISOString() };
  let restore = false;
  if (!paid) {
    patch.status = 'past_due';
    patch.past_due_since = account.past_due_since ?? iso(event.created);
  } else if (account.status === 'past_due' || account.status === 'unpaid') {
    patch.status = 'active';
    patch.past_due_since = null;
    restore = true;
  }
  await updateAccount(trx, account.organization_id, patch);
  if (restore && account.subscribed_plan)
    await changePlan(trx, account.organization_id, account.subscribed_plan as PlanName, at);
  return { account, outcome: 'applied' as const };
}

/**
 * Applies one verified event in one transaction: its id is claimed first, so a replay (or a
 * concurrent twin) finds it taken and changes nothing (docs/billing.md).
 */
export async function applyProviderEvent(db: DB, config: Config, event: ProviderEvent, at: Date): Promise<Outcome> {
  return db.transaction().execute(async (trx) => {
    const claimed = await claimEvent(trx, {
      id: event.id,
      type: event.type,
      organization_id: null,
      outcome: 'ignored',
      created_at: iso(event.created),
      received_at: at.toISOString(),
    });
    if (!claimed) return 'duplicate';
    const object = event.data.object;
    let result: { account: Account; outcome: Outcome } | null = null;
    switch (event.type) {
      case 'checkout.session.completed':
        result = await checkoutCompleted(trx, object, at);
        break;
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        result = await subscriptionChanged(trx, config, event, object, event.type.endsWith('deleted'), at);
        break;
      case 'invoice.paid':
      case 'invoice.payment_failed':
        result = await invoiceSettled(trx, event, object, event.type === 'invoice.paid', at);
        break;
    }
    const outcome = result?.outcome ?? 'ignored';
    await setEventOutcome(trx, event.id, result?.account.organization_id ?? null, outcome);
    return outcome;
  });
}
