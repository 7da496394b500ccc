import { useQuery } from '@tanstack/react-query';
import { api, body } from '../../client';
import { useWsKeys } from '../scope';

/** The number of codes in the workspace (one code asked for, the total read). */
export function useCodeCount() {
  return useQuery({
    queryKey: useWsKeys().codes.count,
    queryFn: () => body(api.GET('/v1/codes', { params: { query: { limit: 1 } as never } })),
  });
}
