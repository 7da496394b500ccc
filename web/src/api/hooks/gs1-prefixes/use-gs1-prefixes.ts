import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../client';
import { keys } from '../../keys';

/** The organization's GS1 company prefixes. */
export function useGs1Prefixes(orgId: string | null | undefined) {
  return useQuery({
    queryKey: keys.gs1Prefixes.list(orgId),
    queryFn: () => ok(api.GET('/v1/gs1-prefixes', { params: { query: { limit: 100 } } })),
  });
}
