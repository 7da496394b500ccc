import { useInfiniteQuery } from '@tanstack/react-query';
import { api, body } from '../client';
import { compact, nextCursor, useWsKeys } from './scope';

/** The workspace's audit log matching a filter (resource, action, actor), newest first, 25 a page. */
export function useAuditEntries(filter: object) {
  return useInfiniteQuery({
    queryKey: useWsKeys().audit.list(filter),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      body(
        api.GET('/v1/audit-logs', { params: { query: compact({ ...filter, limit: 25, cursor: pageParam }) as never } }),
      ),
    getNextPageParam: nextCursor,
  });
}
