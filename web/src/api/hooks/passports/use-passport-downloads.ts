import { fetchBlob } from '../../client';

const downloads = {
  /** A passport's QR code to download. */
  qr: (id: string, fmt: 'svg' | 'png' | 'pdf' | 'eps') => fetchBlob(`/v1/dpp/${id}/qr.${fmt}?download=true`),
};

/** Files about passports, fetched to be saved, never cached. */
export function usePassportDownloads() {
  return downloads;
}
