import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../client';
import { keys } from '../keys';

/** The server's own role × action table (GET /v1/permissions), fetched once per session, never again on a write. */
export function usePermissionTable() {
  return useQuery({
    queryKey: keys.permissions,
    staleTime: 'static',
    queryFn: () => ok(api.GET('/v1/permissions')),
  });
}
