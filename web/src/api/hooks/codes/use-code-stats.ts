import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../client';
import { useWsKeys } from '../scope';
import { POLL_MS, type DateRange } from './scan-figures';

/** A code's scan figures over a range; only for codes whose scans are counted. */
export function useCodeStats(id: string, range: DateRange, enabled: boolean) {
  return useQuery({
    queryKey: useWsKeys().codes.stats(id, range),
    enabled,
    queryFn: () =>
      ok(
        api.GET('/v1/codes/{id}/stats', {
          params: { path: { id }, query: { from: range.from, to: range.to } as never },
        }),
      ),
    refetchInterval: POLL_MS,
  });
}
