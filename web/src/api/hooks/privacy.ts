import { useQuery } from '@tanstack/react-query';
import { api, fetchBlob, ok } from '../client';
import { keys } from '../keys';

/** A data export's status, asked for every half second until it is ready, failed or expired. */
export function usePrivacyExport(exportId: string | null) {
  return useQuery({
    queryKey: keys.privacyExport(exportId),
    enabled: exportId !== null,
    queryFn: () => ok(api.GET('/v1/privacy/exports/{id}', { params: { path: { id: exportId! } } })),
    refetchInterval: (q) =>
      q.state.data && ['ready', 'failed', 'expired'].includes(q.state.data.status) ? false : 500,
  });
}

const writes = {
  /** Asks for an export of the user's data, or the organization's; the answer's id is polled. */
  requestExport: async (scope: 'user' | 'organization') =>
    (await ok(api.POST('/v1/privacy/exports', { body: { scope } }))).id,
  /** A ready export's archive, to be saved. */
  download: (exportId: string) => fetchBlob(`/v1/privacy/exports/${exportId}/download`),
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

/** The privacy writes: exports and erasure; nothing cached but the export's status changes. */
export function usePrivacyWrites() {
  return writes;
}
