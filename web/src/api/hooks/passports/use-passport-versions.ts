import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../client';
import { useWsKeys } from '../scope';

/** A passport's saved versions, 50 at most. */
export function usePassportVersions(id: string) {
  return useQuery({
    queryKey: useWsKeys().passports.versions(id),
    queryFn: () => ok(api.GET('/v1/dpp/{id}/versions', { params: { path: { id }, query: { limit: 50 } } })),
  });
}
