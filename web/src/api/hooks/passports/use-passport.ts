import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../client';
import { useWsKeys } from '../scope';

/** One passport; no request without an id (a new passport). */
export function usePassport(id: string | undefined) {
  return useQuery({
    queryKey: useWsKeys().passports.detail(id),
    enabled: !!id,
    queryFn: () => ok(api.GET('/v1/dpp/{id}', { params: { path: { id: id! } } })),
  });
}
