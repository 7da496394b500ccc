import { useQuery } from '@tanstack/react-query';
import { api, body } from '../../client';
import { useWsKeys } from '../scope';
import { POLL_MS } from './scan-figures';

/** A code's latest scans. */
export function useCodeScans(id: string, enabled: boolean) {
  return useQuery({
    queryKey: useWsKeys().codes.scans(id),
    enabled,
    queryFn: () => body(api.GET('/v1/codes/{id}/scans', { params: { path: { id }, query: { limit: 50 } as never } })),
    refetchInterval: POLL_MS,
  });
}
