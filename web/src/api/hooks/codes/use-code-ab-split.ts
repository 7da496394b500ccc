import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../client';
import { useWsKeys } from '../scope';
import { POLL_MS, type DateRange } from './scan-figures';

/**
 * The A/B split: the rollups' destination dimension for this code over the range (all scans, not
 * a sample), from GET /v1/analytics; the stats answer has no per-destination breakdown.
 */
export function useCodeAbSplit(id: string, range: DateRange, enabled: boolean) {
  return useQuery({
    queryKey: useWsKeys().codes.ab(id, range),
    enabled,
    queryFn: () =>
      ok(
        api.GET('/v1/analytics', {
          params: { query: { code_id: id, from: range.from, to: range.to, dimensions: 'destination', limit: 100 } },
        }),
      ),
    refetchInterval: POLL_MS,
  });
}
