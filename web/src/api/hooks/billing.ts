import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../client';
import { keys } from '../keys';

/** The organization's plan and subscription (GET /v1/billing); a refusal is shown, not retried. */
export function useBilling({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: keys.billing,
    enabled,
    retry: false,
    queryFn: () => ok(api.GET('/v1/billing')),
  });
}

const writes = {
  /** A Stripe Checkout session for a paid plan: the URL to send the browser to. */
  checkout: async (plan: 'pro' | 'business' | 'agency' | 'enterprise') =>
    (await ok(api.POST('/v1/billing/checkout', { body: { plan } }))).url,
  /** A Stripe customer portal session: the URL to send the browser to. */
  portal: async () => (await ok(api.POST('/v1/billing/portal'))).url,
};

/** The billing writes; nothing cached changes until Stripe sends the browser back. */
export function useBillingWrites() {
  return writes;
}
