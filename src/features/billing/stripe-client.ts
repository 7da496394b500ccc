import Stripe from 'stripe';
import type { BillingConfig } from '../../platform/config.js';

/**
 * The official client, or null while billing is off. STRIPE_API_URL points it elsewhere (host,
 * port, protocol), which is how stripe-mock and the tests' loopback stand-in are reached.
 */
export function stripeClient(cfg: BillingConfig): Stripe | null {
  if (!cfg.secretKey) return null;
  const url = cfg.apiUrl;
  return new Stripe(cfg.secretKey, {
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
