import { useQuery } from '@tanstack/react-query';
import { api, body } from '../../client';
import { useWsKeys } from '../scope';

/** How many codes wait for approval; asked for every 30 s, only by those who may approve. */
export function useApprovalCount(enabled: boolean) {
  return useQuery({
    queryKey: useWsKeys().approvals.count,
    enabled,
    refetchInterval: 30_000,
    queryFn: () => body(api.GET('/v1/codes', { params: { query: { status: 'pending_approval', limit: 1 } as never } })),
  });
}
