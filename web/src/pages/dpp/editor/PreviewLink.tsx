import { useI18n } from '../../../i18n/i18n';
import { useEditorWords } from './use-words';

/** The public page of the saved passport, also before it is published, in a new tab. */
export function PreviewLink({ id }: { id: string }) {
  const { lang } = useI18n();
  const w = useEditorWords();
  return (
    <p>
      <a
        className="btn"
        href={`/v1/dpp/${id}/preview?lang=${lang === 'de' ? 'de' : 'en'}`}
        target="_blank"
        rel="noreferrer"
        data-testid="passport-preview"
        title={w('previewTitle')}
      >
        {w('preview')}
      </a>{' '}
      <span className="muted small">{w('previewHint')}</span>
    </p>
  );
}
