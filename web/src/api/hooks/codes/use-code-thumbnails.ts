import { useQueries } from '@tanstack/react-query';
import { api, ok, type Code } from '../../client';
import { useWsKeys } from '../scope';

/** One thumbnails request per page of codes, not one image request per row. */
export function useCodeThumbnails(pages: Array<{ data: Code[] }>) {
  const k = useWsKeys().codes;
  return useQueries({
    queries: pages.map((page) => ({
      queryKey: k.thumbnails(page.data.map((c) => `${c.id}@${c.updated_at}`)),
      queryFn: () =>
        ok(api.GET('/v1/codes/thumbnails', { params: { query: { ids: page.data.map((c) => c.id).join(',') } } })),
      enabled: page.data.length > 0,
      staleTime: 300_000,
    })),
  });
}
