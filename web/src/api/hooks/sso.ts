// The organization's single sign-on connection (docs/decisions.md D80): read by its org_admin, set, removed.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, ApiError, ok, type Schemas } from '../client';
import { keys } from '../keys';
import { useInvalidate } from './scope';

export type SsoConnection = Schemas['SsoConnection'];
export type SsoConnectionPut = Schemas['SsoConnectionPut'];

/** The connection, or null while none is set up (the API's 404). */
export function useSso(orgId: string | null | undefined) {
  return useQuery({
    queryKey: keys.organization.sso(orgId),
    enabled: Boolean(orgId),
    queryFn: async () => {
      try {
        return await ok(api.GET('/v1/organizations/{id}/sso', { params: { path: { id: orgId! } } }));
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });
}

export function useSsoWrites(orgId: string | null | undefined) {
  const invalidate = useInvalidate();
  return useMemo(() => {
    const refresh = () => invalidate(keys.organization.sso(orgId));
    return {
      save: async (body: SsoConnectionPut) => {
        const saved = await ok(api.PUT('/v1/organizations/{id}/sso', { params: { path: { id: orgId! } }, body }));
        await refresh();
        return saved;
      },
      remove: async () => {
        await ok(api.DELETE('/v1/organizations/{id}/sso', { params: { path: { id: orgId! } } }));
        await refresh();
      },
    };
  }, [invalidate, orgId]);
}
