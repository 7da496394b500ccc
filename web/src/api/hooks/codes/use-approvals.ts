import { useInfiniteQuery } from '@tanstack/react-query';
import { api, body } from '../../client';
import { nextCursor, useWsKeys } from '../scope';

type ReviewStatus = 'pending_approval' | 'rejected';

/** Codes waiting for approval, or rejected, 25 a page. */
export function useApprovals(status: ReviewStatus) {
  return useInfiniteQuery({
    queryKey: useWsKeys().approvals.list(status),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      body(
        api.GET('/v1/codes', {
          params: { query: { status, limit: 25, ...(pageParam ? { cursor: pageParam } : {}) } as never },
        }),
      ),
    getNextPageParam: nextCursor,
  });
}
