// The signed-in user (GET /auth/me) and what signing in, out or switching does to the cache.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, ok, setCsrfToken, type Me } from '../client';
import { isSessionKey, keys } from '../keys';

/** GET /auth/me: null when signed out. `onMe` runs on each answer (the session's CSRF token, workspace). */
export function useMeQuery(onMe: (me: Me) => void) {
  return useQuery({
    queryKey: keys.me,
    retry: false,
    // Who is signed in changes by signing in or out, which refresh it; not on every page change.
    staleTime: 60_000,
    queryFn: async () => {
      const res = await api.GET('/auth/me');
      if (res.response.status === 401) {
        setCsrfToken(null);
        return null;
      }
      const me = await ok(res);
      setCsrfToken(me.csrf_token);
      onMe(me);
      return me;
    },
  });
}

/** The cache as the session changes it. */
export function useSessionCache() {
  const qc = useQueryClient();
  return useMemo(
    () => ({
      /** Another workspace or organization: nothing cached belongs to it. */
      reset: () => qc.resetQueries(),
      /** Signed out: no user, and nothing cached of the one who was. */
      signedOut: () => {
        qc.setQueryData(keys.me, null);
        qc.removeQueries({ predicate: (query) => !isSessionKey(query.queryKey) });
      },
      refreshMe: () => qc.invalidateQueries({ queryKey: keys.me }),
    }),
    [qc],
  );
}
