import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, fetchBlob, ok } from '../client';
import { keys } from '../keys';

const OPEN = ['pending', 'running'];

/**
 * My exports in this organization, newest first (the 20 newest), asked again every second while one
 * is still being written; so an export requested before a reload is still there after it.
 */
export function usePrivacyExports() {
  return useQuery({
    queryKey: keys.privacyExports,
    queryFn: () => ok(api.GET('/v1/privacy/exports', { params: { query: { limit: 20 } } })),
    refetchInterval: (q) => (q.state.data?.some((e) => OPEN.includes(e.status)) ? 1000 : false),
  });
}

/** One export as the list gives it. */
export type PrivacyExport = NonNullable<ReturnType<typeof usePrivacyExports>['data']>[number];

const download = (exportId: string) => fetchBlob(`/v1/privacy/exports/${exportId}/download`);

const writes = {
  /**
   * Erases the signed-in user's account (the password confirms it), with the organizations they run
   * alone when named; the session ends with it.
   */
  eraseAccount: (password: string, deleteOrganizations: string[] = []) =>
    ok(
      api.DELETE('/v1/users/me', {
        body: { password, ...(deleteOrganizations.length ? { delete_organizations: deleteOrganizations } : {}) },
      }),
    ),
};

/** The privacy writes: exports (a request refreshes the list) and erasure. */
export function usePrivacyWrites() {
  const qc = useQueryClient();
  return useMemo(
    () => ({
      ...writes,
      /** Asks for an export of the user's data, or the organization's; the list then shows it. */
      requestExport: async (scope: 'user' | 'organization') => {
        const e = await ok(api.POST('/v1/privacy/exports', { body: { scope } }));
        await qc.invalidateQueries({ queryKey: keys.privacyExports });
        return e;
      },
      /** A ready export's archive, to be saved. */
      download,
    }),
    [qc],
  );
}
