import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../client';
import type { DateRange } from './codes';
import { useWsKeys } from './scope';

/** The workspace's overview (GET /v1/analytics): totals, scans by day, top codes, two breakdowns. */
export function useWorkspaceAnalytics(range: DateRange, tz: string) {
  return useQuery({
    queryKey: useWsKeys().analytics(range, tz),
    queryFn: () =>
      ok(
        api.GET('/v1/analytics', {
          params: { query: { from: range.from, to: range.to, tz, dimensions: 'device,country', limit: 10 } },
        }),
      ),
  });
}
