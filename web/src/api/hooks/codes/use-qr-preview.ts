import { useQuery } from '@tanstack/react-query';
import { fetchBlob } from '../../client';
import { useWsKeys } from '../scope';

/**
 * The editor's QR preview of a draft (POST /v1/qr/preview). `live`: the preview itself (no retry,
 * the last image kept while the next loads); without it, an observer that never fetches, for the
 * preview's messages next to the fields.
 */
export function useQrPreview(draft: unknown, { enabled, live }: { enabled: boolean; live: boolean }) {
  return useQuery({
    queryKey: useWsKeys().codes.preview(draft),
    queryFn: () => fetchBlob('/v1/qr/preview', { method: 'POST', body: draft }),
    enabled,
    ...(live ? { retry: false, placeholderData: (prev: Blob | undefined) => prev, staleTime: Infinity } : {}),
  });
}
