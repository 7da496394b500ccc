import { useQuery } from '@tanstack/react-query';
import { fetchBlob } from '../../client';
import { useWsKeys } from '../scope';

/** A saved code's QR image (SVG), fetched so the workspace header goes along. */
export function useQrImage(codeId: string, version: string | undefined) {
  return useQuery({
    queryKey: useWsKeys().codes.qr(codeId, version),
    queryFn: () => fetchBlob(`/v1/codes/${encodeURIComponent(codeId)}/qr.svg`),
    staleTime: 300_000,
  });
}
