import type Stripe from 'stripe';
import type { BillingConfig } from '../../platform/config.js';

/**
 * The official client, or null while billing is off. STRIPE_API_URL points it elsewhere (host,
 * port, protocol), which is how stripe-mock and the tests' loopback stand-in are reached. The
 * library is imported only when billing is on: it costs every process that starts the app about
 * 50 ms otherwise.
 */
export async function stripeClient(cfg: BillingConfig): Promise<Stripe | null> {
  if (!cfg.secretKey) return null;
  const url = cfg.apiUrl;
  const { default: StripeClient } = await import('stripe');
  return new StripeClient(cfg.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(url
      ? {
          host: url.hostname,
          port: url.port || (url.protocol === 'https:' ? 443 : 80),
          protocol: url.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

export type { Stripe };
