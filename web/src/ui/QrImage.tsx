import { useEffect, useMemo } from 'react';
import { useQrImage } from '../api/hooks/codes/use-qr-image';
import './qr-image.css';

/**
 * A QR image of a saved code. Fetched (not <img src=…>) so the X-Workspace-Id header goes
 * along, then shown from a blob: URL, which the CSP allows and which keeps SVG out of the DOM.
 */
export function QrImage({
  codeId,
  alt,
  size = 64,
  version,
}: {
  codeId: string;
  alt: string;
  size?: number;
  version?: string;
}) {
  const q = useQrImage(codeId, version);
  const url = useMemo(() => (q.data ? URL.createObjectURL(q.data) : null), [q.data]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url ? (
    <img src={url} alt={alt} width={size} height={size} className="qr-thumb" />
  ) : (
    <Placeholder size={size} failed={q.isError} />
  );
}

/** Where the image will be, until it is: grey and checked (qr-image.css), not a white square. */
function Placeholder({ size, failed = false }: { size: number; failed?: boolean }) {
  return (
    <span
      className={`qr-thumb qr-thumb-empty${failed ? ' qr-thumb-failed' : ''}`}
      data-testid="qr-placeholder"
      style={{ width: size, height: size }}
    />
  );
}

/** An SVG the API answered as text (GET /v1/codes/thumbnails), shown as an <img> of a blob: URL. */
export function SvgImage({ svg, alt, size }: { svg: string | undefined; alt: string; size: number }) {
  const url = useMemo(() => (svg ? URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' })) : null), [svg]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url ? (
    <img src={url} alt={alt} width={size} height={size} className="qr-thumb" />
  ) : (
    <Placeholder size={size} />
  );
}
