// A code's newest conversions (GET /v1/conversions; docs/conversions.md). Totals, rates and revenue
// come with the code's stats; this lists what was reported, so a team can see its integration work.
import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../client';
import { useWsKeys } from './scope';

/** The newest 20 conversions attributed to a code. */
export function useRecentConversions(codeId: string, enabled: boolean) {
  return useQuery({
    queryKey: useWsKeys().conversions(codeId),
    queryFn: () => ok(api.GET('/v1/conversions', { params: { query: { code_id: codeId, limit: 20 } } })),
    enabled,
  });
}
