import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Code } from '../../api/client';
import { useCodeWrites } from '../../api/hooks/codes/use-code-writes';
import { useI18n } from '../../i18n/i18n';
import { useCan } from '../../ui/can';
import { ProblemAlert, useSubmit } from '../../ui/forms';

/** Delete (archive) a code, after a confirmation saying what its short URL answers afterwards. */
export function CodeDelete({ code }: { code: Code }) {
  const { t } = useI18n();
  const writes = useCodeWrites();
  const navigate = useNavigate();
  const may = useCan('codes.delete');
  const [asking, setAsking] = useState(false);
  const head = useId();
  const del = useSubmit(async () => {
    await writes.remove(code.id);
    void navigate('/codes');
  });
  if (!may) return null;
  return (
    <div className="code-delete">
      {asking ? (
        <div role="dialog" aria-modal="false" aria-labelledby={head} className="confirm">
          <p id={head}>
            <strong>{t('codeDelete.question')}</strong>
          </p>
          <p>
            {code.short_url
              ? code.fallback_url
                ? t('codeDelete.fallback', { url: code.short_url, fallback: code.fallback_url })
                : t('codeDelete.gone', { url: code.short_url })
              : t('codeDelete.static')}
          </p>
          <ProblemAlert problem={del.problem} />
          <button type="button" className="btn btn-danger" disabled={del.busy} onClick={() => void del.run()}>
            {t('codeDelete.confirm')}
          </button>{' '}
          <button type="button" className="btn" onClick={() => setAsking(false)}>
            {t('app.cancel')}
          </button>
        </div>
      ) : (
        <button type="button" className="btn btn-danger" onClick={() => setAsking(true)}>
          {t('codeDelete.button')}
        </button>
      )}
    </div>
  );
}
