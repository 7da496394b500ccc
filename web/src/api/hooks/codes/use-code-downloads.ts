import { fetchBlob, fetchFile } from '../../client';
import type { DateRange } from './scan-figures';

const downloads = {
  /** A saved code's image to download, with the server's file name (the code's title, else short code); PNG at 1024 px. */
  qr: (id: string, fmt: 'svg' | 'png' | 'pdf' | 'eps') =>
    fetchFile(`/v1/codes/${id}/qr.${fmt}?download=true${fmt === 'png' ? '&size=1024' : ''}`),
  /** The chosen codes on printable PDF pages. */
  exportPdf: (ids: string[]) => fetchBlob('/v1/codes/export', { method: 'POST', body: { ids } }),
  /** A code's scans in a date range, as CSV. */
  scansCsv: (id: string, range: DateRange) =>
    fetchBlob(`/v1/codes/${encodeURIComponent(id)}/scans.csv?from=${range.from}&to=${range.to}`),
};

/** Files about codes, fetched to be saved, never cached. */
export function useCodeDownloads() {
  return downloads;
}
