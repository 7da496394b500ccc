import { useState } from 'react';
import { useI18n } from '../../../i18n/i18n';
import type { Imported } from './use-draft';

/** A passport pasted as JSON (as the API takes it) fills the form. */
export function JsonImport({ onImport }: { onImport(j: Imported): void }) {
  const { t } = useI18n();
  const [pasted, setPasted] = useState('');
  const [bad, setBad] = useState(false);
  const run = () => {
    try {
      onImport(JSON.parse(pasted) as Imported);
      setBad(false);
    } catch {
      setBad(true);
    }
  };
  return (
    <details className="dpp-import">
      <summary>{t('dpp.import')}</summary>
      <div className="field">
        <label htmlFor="dpp-import">{t('dpp.importLabel')}</label>
        <textarea
          id="dpp-import"
          className="json"
          value={pasted}
          aria-invalid={bad}
          onChange={(e) => setPasted(e.target.value)}
        />
        {bad ? <small className="field-error">{t('dpp.badJson')}</small> : null}
      </div>
      <button type="button" className="btn btn-small" onClick={run}>
        {t('dpp.importButton')}
      </button>
    </details>
  );
}
