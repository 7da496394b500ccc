import { useEffect, useMemo, useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { useKitPreview, useObjectUrl } from '../../../api/hooks/brand';
import { useI18n } from '../../../i18n/i18n';
import { toFormProblem, type FieldErrors } from '../../../ui/forms';
import { kitStyleOf, type KitValues } from './kit-values';

const SAMPLE_URL = 'https://example.com/';

/** What a code would look like with only this kit: a static sample link, so no short URL is needed. */
export function KitPreview({ control, onProblems }: { control: Control<KitValues>; onProblems(f: FieldErrors): void }) {
  const { t } = useI18n();
  const values = useWatch({ control }) as KitValues;
  // The code's look only: the hosted pages' style is no part of a code's style, and the preview refuses it.
  const key = JSON.stringify(kitStyleOf(values));
  const body = useMemo(() => {
    const { page: _page, ...style } = JSON.parse(key) as ReturnType<typeof kitStyleOf>;
    return { type: 'url', dynamic: false, url: SAMPLE_URL, style };
  }, [key]);
  const [debounced, setDebounced] = useState(body);
  useEffect(() => {
    const h = setTimeout(() => setDebounced(body), 250);
    return () => clearTimeout(h);
  }, [body]);
  const q = useKitPreview(debounced);
  const fields = useMemo(() => (q.error ? toFormProblem(q.error).fields : {}), [q.error]);
  useEffect(() => onProblems(fields), [fields, onProblems]);
  const url = useObjectUrl(q.data);
  return (
    <aside className="preview" aria-label={t('design.kitPreview')}>
      {url ? (
        <img src={url} alt={t('design.kitPreview')} data-testid="kit-preview" className={q.error ? 'stale' : ''} />
      ) : (
        <div className="preview-empty" />
      )}
    </aside>
  );
}
