import { useInfiniteQuery } from '@tanstack/react-query';
import { api, body } from '../../client';
import { nextCursor, useWsKeys } from '../scope';

/** A code's comments, 20 a page. */
export function useCodeComments(codeId: string) {
  return useInfiniteQuery({
    queryKey: useWsKeys().codes.comments(codeId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      body(
        api.GET('/v1/codes/{id}/comments', {
          params: { path: { id: codeId }, query: { limit: 20, ...(pageParam ? { cursor: pageParam } : {}) } },
        }),
      ),
    getNextPageParam: nextCursor,
  });
}
