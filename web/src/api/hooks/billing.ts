import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../client';
import { keys } from '../keys';

/** The organization's plan and subscription (GET /v1/billing); a refusal is shown, not retried. */
export function useBilling() {
  return useQuery({
    queryKey: keys.billing,
    retry: false,
    queryFn: () => ok(api.GET('/v1/billing')),
  });
}
