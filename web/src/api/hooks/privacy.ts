import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../client';
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
