import type { ServiceDeps } from '../../platform/deps.js';
import type { Principal } from '../../http/principal.js';
import { AppError, conflict, invalidField } from '../../http/errors.js';
import { getOrganization } from '../organizations/index.js';
import { ensureAccount, findAccount, updateAccount } from './billing.repo.js';
import { toBilling, type CheckoutBody } from './billing.schemas.js';
import type { Stripe } from './stripe-client.js';

/** Billing is an option: without a key its routes say which setting turns them on. */
export function billingOff(setting = 'STRIPE_SECRET_KEY') {
  return new AppError(
    'not-found',
    `Billing is not enabled on this server: set ${setting} to turn it on (docs/billing.md). Operators set plans with the CLI command \`org set-plan\`.`,
  );
}

function providerDown(err: unknown): AppError {
  const status = (err as { statusCode?: number }).statusCode;
  return new AppError(
    'unavailable',
    `The payment provider refused or did not answer the request${status ? ` (HTTP ${status})` : ''}; try again.`,
    {},
    { 'retry-after': '30' },
  );
}

function client(ctx: ServiceDeps & { stripe: Stripe | null }): Stripe {
  if (!ctx.stripe) throw billingOff();
  return ctx.stripe;
}

async function organization(ctx: ServiceDeps & { stripe: Stripe | null }, p: Principal) {
  return getOrganization(ctx.db, p.organizationId);
}

export async function getBilling(ctx: ServiceDeps & { stripe: Stripe | null }, p: Principal) {
  client(ctx);
  const org = await organization(ctx, p);
  return toBilling(org.id, org.plan, await findAccount(ctx.db, org.id), ctx.config.billing.graceDays);
}

const LIVE = new Set(['active', 'trialing', 'past_due', 'unpaid']);

/** The customer is made before Checkout, so every later event names a customer we already know. */
async function customerOf(ctx: ServiceDeps & { stripe: Stripe | null }, stripe: Stripe, p: Principal) {
  const org = await organization(ctx, p);
  const account = await ensureAccount(ctx.db, org.id, ctx.clock.now());
  if (account.customer_id) return { account, customerId: account.customer_id };
  const customer = await stripe.customers
    .create(
      {
        name: org.name,
        ...(org.billing_email ? { email: org.billing_email } : {}),
        metadata: { organization_id: org.id },
      },
      // two concurrent first checkouts get the same customer
      { idempotencyKey: `qrs-customer-${org.id}` },
    )
    .catch((err: unknown) => {
      throw providerDown(err);
    });
  await updateAccount(ctx.db, org.id, { customer_id: customer.id, updated_at: ctx.clock.now().toISOString() });
  return { account, customerId: customer.id };
}

export async function startCheckout(ctx: ServiceDeps & { stripe: Stripe | null }, p: Principal, body: CheckoutBody) {
  const stripe = client(ctx);
  const price = ctx.config.billing.prices[body.plan];
  if (!price)
    throw invalidField(
      '/plan',
      `the ${body.plan} plan cannot be bought here: STRIPE_PRICE_${body.plan.toUpperCase()} is not set`,
      'plan_not_for_sale',
    );
  const { account, customerId } = await customerOf(ctx, stripe, p);
  if (account.subscription_id && LIVE.has(account.status))
    throw conflict(
      'The organization already has a subscription; change or cancel it in the customer portal (POST /v1/billing/portal).',
    );
  const base = ctx.config.baseUrl;
  const session = await stripe.checkout.sessions
    .create({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: p.organizationId,
      line_items: [{ price, quantity: 1 }],
      success_url: `${base}/billing?checkout=success`,
      cancel_url: `${base}/billing?checkout=cancelled`,
      metadata: { organization_id: p.organizationId, plan: body.plan },
      subscription_data: { metadata: { organization_id: p.organizationId } },
    })
    .catch((err: unknown) => {
      throw providerDown(err);
    });
  if (!session.url) throw providerDown(new Error('Checkout session without a URL'));
  return { url: session.url, session_id: session.id };
}

export async function openPortal(ctx: ServiceDeps & { stripe: Stripe | null }, p: Principal) {
  const stripe = client(ctx);
  const account = await findAccount(ctx.db, p.organizationId);
  if (!account?.customer_id)
    throw conflict(
      'The organization has no customer at the payment provider yet: subscribe first (POST /v1/billing/checkout).',
    );
  const session = await stripe.billingPortal.sessions
    .create({ customer: account.customer_id, return_url: `${ctx.config.baseUrl}/billing` })
    .catch((err: unknown) => {
      throw providerDown(err);
    });
  return { url: session.url };
}
