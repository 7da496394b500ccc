import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { One, one } from '../../http/envelope.js';
import { problemResponse } from '../../http/openapi.js';
import { route } from '../../http/route.js';
import { Billing, CheckoutBody, CheckoutResult, PortalResult } from './billing.schemas.js';
import { getBilling, openPortal, startCheckout } from './billing.service.js';
import { stripeClient } from './stripe-client.js';

const tags = ['billing'];
const who =
  'org_admin sessions only; API keys get 403. Without STRIPE_SECRET_KEY billing is off: 404 naming the setting.';
const provider = problemResponse('The payment provider refused or did not answer; retry later', 503);

export default async function billingRoutes(app: App) {
  const ctx = { ...app.deps, stripe: await stripeClient(app.deps.config.billing) };

  app.get(
    '/v1/billing',
    route('billing.manage', {
      operationId: 'getBilling',
      tags,
      summary: "The organization's plan and subscription",
      description: `${who} The plan in force, the subscription's status, period end, whether it ends then, the provider's customer id, and while past due when the grace period ends.`,
      response: { 200: One(Billing) },
    }),
    async (request) => one(request, await getBilling(ctx, principalOf(request))),
  );

  app.post(
    '/v1/billing/checkout',
    route('billing.manage', {
      operationId: 'createBillingCheckout',
      tags,
      summary: 'Start a subscription: a Checkout URL for a paid plan',
      description: `${who} Answers the provider's Checkout page for the plan. The plan changes when the provider confirms the subscription (webhook), not here. A plan without a configured price is a 422 on /plan; an organization that already has a live subscription gets 409 and changes plans in the portal.`,
      body: CheckoutBody,
      response: { 200: One(CheckoutResult), 503: provider },
    }),
    async (request) => one(request, await startCheckout(ctx, principalOf(request), request.body)),
  );

  app.post(
    '/v1/billing/portal',
    route('billing.manage', {
      operationId: 'createBillingPortal',
      tags,
      summary: "The provider's customer portal for this organization",
      description: `${who} Change plan, payment method or cancel there. 409 while the organization has no customer at the provider yet (subscribe first).`,
      response: { 200: One(PortalResult), 503: provider },
    }),
    async (request) => one(request, await openPortal(ctx, principalOf(request))),
  );
}
