import { useInfiniteQuery } from '@tanstack/react-query';
import { api, body } from '../../client';
import { keys } from '../../keys';
import { compact, nextCursor } from '../scope';

/** The server's users, newest first, 25 a page; `q` finds by id, part of the address or name. */
export function useOperatorUsers(q: string) {
  return useInfiniteQuery({
    queryKey: keys.operator.users(q),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      body(
        api.GET('/v1/operator/users', {
          params: { query: compact({ q: q || undefined, limit: 25, cursor: pageParam }) as never },
        }),
      ),
    getNextPageParam: nextCursor,
  });
}
