import { useQuery } from '@tanstack/react-query';
import { api, fetchBlob, ok } from '../client';
import type { DateRange } from './codes/scan-figures';
import { useWsKeys } from './scope';

/**
 * The workspace's overview (GET /v1/analytics): totals, scans by day, top codes, the device and place breakdowns; of
 * one folder or campaign (its subfolders included) when `folderId` is set.
 */
export function useWorkspaceAnalytics(range: DateRange, tz: string, folderId = '') {
  return useQuery({
    queryKey: useWsKeys().analytics(range, tz, folderId),
    queryFn: () =>
      ok(
        api.GET('/v1/analytics', {
          params: {
            query: {
              from: range.from,
              to: range.to,
              tz,
              dimensions: 'device,country,region,city',
              limit: 10,
              ...(folderId ? { folder_id: folderId } : {}),
            },
          },
        }),
      ),
  });
}

/** Every scan of the workspace in a date range as CSV (GET /v1/scans.csv), to be saved; never cached. */
function scansCsv(from: string, to: string, includeBots: boolean) {
  const q = new URLSearchParams({ from, to, ...(includeBots ? {} : { include_bots: 'false' }) });
  return fetchBlob(`/v1/scans.csv?${q}`);
}

export function useScansExport() {
  return scansCsv;
}
