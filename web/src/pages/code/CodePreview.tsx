// The editor's live preview: beside the form on a wide screen; on a phone a thumbnail pinned to the
// bottom of the screen next to the form's button, which opens the preview large in one tap.
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiError } from '../../api/client';
import { useQrPreview } from '../../api/hooks/codes/use-qr-preview';
import { useI18n } from '../../i18n/i18n';
import { useErrorText } from '../../ui/forms';
import { previewBody, type Draft } from '../code-form';

function typedSomething(b: { url?: string; content?: Record<string, unknown> }): boolean {
  if (b.url !== undefined) return b.url.trim() !== '';
  return Object.values(b.content ?? {}).some((v) => (typeof v === 'string' ? v.trim() !== '' : typeof v === 'number'));
}

/** The rendered draft (debounced) and the problem the server found in it, if any. */
function usePreviewImage(draft: Draft) {
  const body = useMemo(() => previewBody(draft), [draft]);
  const [debounced, setDebounced] = useState(body);
  useEffect(() => {
    const h = setTimeout(() => setDebounced(body), 250);
    return () => clearTimeout(h);
  }, [body]);
  // Nothing typed yet: no request (a preview per empty form was a third of a walk's previews).
  const q = useQrPreview(debounced, { enabled: typedSomething(debounced), live: true });
  const url = useMemo(() => (q.data ? URL.createObjectURL(q.data) : null), [q.data]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return { url, problem: q.error instanceof ApiError ? q.error.problem : null };
}

type Image = ReturnType<typeof usePreviewImage>;

function PreviewBody({ draft, img }: { draft: Draft; img: Image }) {
  const { t } = useI18n();
  const previewWords = useErrorText();
  return (
    <>
      {img.url ? (
        <img
          src={img.url}
          alt={t('edit.preview')}
          width={220}
          height={220}
          data-testid="preview-img"
          className={img.problem ? 'stale' : ''}
        />
      ) : (
        <div className="preview-empty" />
      )}
      {img.problem ? (
        <p className="field-error" role="status" data-testid="preview-error">
          {t('edit.previewError', { detail: previewWords(img.problem) })}
        </p>
      ) : null}
      <p className="muted small">{t('edit.previewNote')}</p>
      {draft.type === 'url' && draft.dynamic ? <p className="muted small">{t('edit.previewDynamic')}</p> : null}
    </>
  );
}

export function Preview({ draft }: { draft: Draft }) {
  const { t } = useI18n();
  const img = usePreviewImage(draft);
  return (
    <aside className="preview" aria-labelledby="preview-h">
      <h2 id="preview-h">{t('edit.preview')}</h2>
      <PreviewBody draft={draft} img={img} />
    </aside>
  );
}

/** On a phone: the preview's thumbnail and the form's button, pinned to the bottom of the screen. */
export function PreviewBar({ draft, children }: { draft: Draft; children: ReactNode }) {
  const { t } = useI18n();
  const img = usePreviewImage(draft);
  return (
    <div className="preview-bar" data-testid="preview-bar">
      <Dialog.Root>
        <Dialog.Trigger className="preview-open" data-testid="preview-open">
          {img.url ? (
            <img src={img.url} alt="" width={44} height={44} className={img.problem ? 'stale' : ''} />
          ) : (
            <span className="preview-thumb-empty" />
          )}
          {img.problem ? t('extras.preview.problem') : t('extras.preview.show')}
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="drawer-overlay" />
          <Dialog.Content className="preview-dialog" aria-describedby={undefined}>
            <div className="drawer-head">
              <Dialog.Title className="drawer-title">{t('edit.preview')}</Dialog.Title>
              <Dialog.Close className="btn btn-small">{t('app.close')}</Dialog.Close>
            </div>
            <PreviewBody draft={draft} img={img} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      {children}
    </div>
  );
}
