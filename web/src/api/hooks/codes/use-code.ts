import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../client';
import { useWsKeys } from '../scope';

/** One code; no request without an id (a new code). */
export function useCode(id: string | undefined) {
  return useQuery({
    queryKey: useWsKeys().codes.detail(id),
    enabled: Boolean(id),
    queryFn: () => ok(api.GET('/v1/codes/{id}', { params: { path: { id: id! } } })),
  });
}
