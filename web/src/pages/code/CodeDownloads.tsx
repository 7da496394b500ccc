import type { Code } from '../../api/client';
import { useCodeDownloads } from '../../api/hooks/codes/use-code-downloads';
import { saveBlob } from '../../ui/forms';
import { QrDownloadButtons } from '../../ui/QrDownloadButtons';

export function Downloads({ code }: { code: Code }) {
  const downloads = useCodeDownloads();
  return (
    <QrDownloadButtons
      save={async (fmt) => {
        // Named as the server names it (the code's title, else its short code), not by its id.
        const file = await downloads.qr(code.id, fmt);
        saveBlob(file.blob, file.filename ?? `${code.short_code ?? code.id}.${fmt}`);
      }}
    />
  );
}
