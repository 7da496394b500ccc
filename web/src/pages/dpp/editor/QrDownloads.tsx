import { usePassportDownloads } from '../../../api/hooks/passports/use-passport-downloads';
import { saveBlob } from '../../../ui/forms';
import { QrDownloadButtons } from '../../../ui/QrDownloadButtons';

/** The passport's QR code in each format, saved as a file. */
export function QrDownloads({ id, name }: { id: string; name: string }) {
  const downloads = usePassportDownloads();
  return <QrDownloadButtons save={async (fmt) => saveBlob(await downloads.qr(id, fmt), `${name}.${fmt}`)} />;
}
