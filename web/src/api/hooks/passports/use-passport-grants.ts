import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../client';
import { useWsKeys } from '../scope';

/** Who may read a passport's restricted part. */
export function usePassportGrants(id: string) {
  return useQuery({
    queryKey: useWsKeys().passports.grants(id),
    queryFn: () => ok(api.GET('/v1/dpp/{id}/access-grants', { params: { path: { id }, query: { limit: 100 } } })),
  });
}
