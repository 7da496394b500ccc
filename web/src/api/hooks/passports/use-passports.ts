import { useInfiniteQuery } from '@tanstack/react-query';
import { api, body } from '../../client';
import { compact, nextCursor, useWsKeys } from '../scope';

/** Passports by publication status and GTIN, newest first, 25 a page. */
export function usePassports(filters: { gtin: string; publication_status: string }) {
  return useInfiniteQuery({
    queryKey: useWsKeys().passports.list(filters),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      body(api.GET('/v1/dpp', { params: { query: compact({ ...filters, limit: 25, cursor: pageParam }) as never } })),
    getNextPageParam: nextCursor,
  });
}
