import { Type, type Static } from 'typebox';
import type { Selectable } from 'kysely';
import { PLAN_NAMES } from '../../platform/plans.js';
import type { BillingAccountsTable } from './billing.table.js';

export const PAID_PLANS = PLAN_NAMES.filter((p) => p !== 'free');

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T, description: string) =>
  Type.Union([t, Type.Null()], { description });

export const Billing = Type.Object(
  {
    organization_id: Type.String(),
    plan: Type.String({ description: 'The plan in force now (what limits apply).', examples: ['pro'] }),
    status: Type.String({
      description:
        "`none` before any subscription; otherwise the provider's subscription status: active, trialing, past_due, unpaid, canceled, incomplete, incomplete_expired, paused.",
      examples: ['active'],
    }),
    subscribed_plan: nullable(Type.String(), 'The plan the subscription pays for; null without one.'),
    current_period_end: nullable(Type.String({ format: 'date-time' }), 'When the current billing period ends.'),
    cancel_at_period_end: Type.Boolean({ description: 'The subscription ends with the current period.' }),
    customer_id: nullable(Type.String(), "The organization's customer id at the payment provider (cus_…)."),
    grace_ends_at: nullable(
      Type.String({ format: 'date-time' }),
      'While past due: when the organization falls to the Free plan unless a payment succeeds.',
    ),
  },
  { additionalProperties: false },
);

export const CheckoutBody = Type.Object(
  { plan: Type.Enum(PAID_PLANS, { description: 'The paid plan to subscribe to.' }) },
  { additionalProperties: false },
);
export type CheckoutBody = Static<typeof CheckoutBody>;

export const CheckoutResult = Type.Object(
  {
    url: Type.String({ format: 'uri', description: "The provider's Checkout page; send the user there." }),
    session_id: Type.String({ description: 'The Checkout session (cs_…).' }),
  },
  { additionalProperties: false },
);

export const PortalResult = Type.Object(
  { url: Type.String({ format: 'uri', description: "The provider's customer portal for this organization." }) },
  { additionalProperties: false },
);

export const WebhookResult = Type.Object(
  {
    event_id: Type.String(),
    outcome: Type.Enum(['applied', 'duplicate', 'stale', 'ignored'], {
      description:
        'applied: the state changed; duplicate: the event id was seen before; stale: an older event than one already applied; ignored: not about a known organization, or a type not handled.',
    }),
  },
  { additionalProperties: false },
);

type AccountRow = Selectable<BillingAccountsTable>;

export function toBilling(
  organizationId: string,
  plan: string,
  account: AccountRow | undefined,
  graceDays: number,
): Static<typeof Billing> {
  const since = account?.past_due_since ?? null;
  return {
    organization_id: organizationId,
    plan,
    status: account?.status ?? 'none',
    subscribed_plan: account?.subscribed_plan ?? null,
    current_period_end: account?.current_period_end ?? null,
    cancel_at_period_end: account?.cancel_at_period_end === 1,
    customer_id: account?.customer_id ?? null,
    grace_ends_at: since ? new Date(Date.parse(since) + graceDays * 86_400_000).toISOString() : null,
  };
}
