import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useI18n } from '../../i18n/i18n';

/**
 * The console's search form: its query lives in the URL (`?q=`), so a link keeps it. `hint` explains
 * what it finds; `clearable` offers to empty it.
 */
export function OperatorSearch({
  label,
  testId,
  hint,
  clearable = false,
}: {
  label: string;
  testId: string;
  hint?: string;
  clearable?: boolean;
}) {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  return (
    <form
      className="operator-search"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        setParams(draft.trim() ? { q: draft.trim() } : {});
      }}
    >
      <label>
        {label}
        <input
          type="search"
          value={draft}
          maxLength={200}
          aria-describedby={hint ? 'op-search-hint' : undefined}
          data-testid={testId}
          onChange={(e) => setDraft(e.target.value)}
        />
        {hint ? (
          <span id="op-search-hint" className="small muted">
            {hint}
          </span>
        ) : null}
      </label>
      <button className="btn">{t('op.orgs.find')}</button>
      {clearable && q ? (
        <button
          type="button"
          className="btn"
          onClick={() => {
            setDraft('');
            setParams({});
          }}
        >
          {t('op.orgs.clear')}
        </button>
      ) : null}
    </form>
  );
}
