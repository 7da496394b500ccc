import { useInfiniteQuery } from '@tanstack/react-query';
import { api, body } from '../../client';
import { compact, nextCursor, useWsKeys } from '../scope';

export interface CodeFilters {
  q: string;
  type: string;
  status: string;
  tag: string;
  /** a folder's id, `none`, or empty for every code */
  folder_id: string;
}

/** GET /v1/codes by filters, 25 a page. */
export function useCodes(filters: CodeFilters) {
  return useInfiniteQuery({
    queryKey: useWsKeys().codes.list(filters),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) =>
      body(api.GET('/v1/codes', { params: { query: compact({ ...filters, cursor: pageParam, limit: 25 }) as never } })),
    getNextPageParam: nextCursor,
  });
}
