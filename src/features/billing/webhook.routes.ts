import type { App } from '../../http/types.js';
import { One, one } from '../../http/envelope.js';
import { badRequest } from '../../http/errors.js';
import { problemResponse } from '../../http/openapi.js';
import { WebhookResult } from './billing.schemas.js';
import { billingOff } from './billing.service.js';
import { applyProviderEvent, type ProviderEvent } from './billing-events.js';
import { stripeClient } from './stripe-client.js';
import { publicRoute } from '../../http/route.js';

/**
 * Stripe's webhook endpoint. Its own JSON parser keeps the raw bytes: the signature covers the
 * body exactly as sent, and a re-serialised object would not match (docs/billing.md).
 */
export default async function billingWebhookRoutes(app: App) {
  const { db, config, clock } = app.deps;
  const { webhookSecret } = config.billing;
  const stripe = await stripeClient(config.billing);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/billing/stripe/webhook',
    publicRoute(
      'signed by the payment provider; the handler verifies the signature',
      {
        operationId: 'receiveStripeWebhook',
        tags: ['billing'],
        summary: 'Events from Stripe (signed)',
        description:
          'For Stripe only. The `Stripe-Signature` header is verified on the raw body with STRIPE_WEBHOOK_SECRET; a bad or stale signature is a 400 and changes nothing. Handles checkout.session.completed, customer.subscription.created|updated|deleted and invoice.paid|payment_failed; each event id is applied once, and an event older than what is already applied changes nothing.',
        response: {
          200: One(WebhookResult),
          400: problemResponse('Signature missing, wrong or stale', 400),
          404: problemResponse('Billing is not enabled on this server', 404),
        },
      },
      { rateLimit: 'public' },
    ),
    async (request) => {
      if (!stripe) throw billingOff();
      if (!webhookSecret) throw billingOff('STRIPE_WEBHOOK_SECRET');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body))
        throw badRequest('A signed Stripe event is required: a JSON body and the Stripe-Signature header.');
      let event: ProviderEvent;
      try {
        event = stripe.webhooks.constructEvent(request.body, signature, webhookSecret) as unknown as ProviderEvent;
      } catch {
        throw badRequest('The Stripe-Signature header does not match this body and secret, or is too old.');
      }
      const outcome = await applyProviderEvent(db, config, event, clock.now());
      request.log.info({ stripeEvent: event.id, type: event.type, outcome }, 'stripe event');
      return one(request, { event_id: event.id, outcome });
    },
  );
}
