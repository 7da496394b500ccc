import { useState, type ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { CopyButton, ProblemAlert, useSubmit } from '../../ui/forms';

type Act = 'publish' | 'archive';

/**
 * A battery or model passport's state: status, version, Digital Link, public page, and publishing
 * or archiving after a confirmation that says what follows (`confirm` words each).
 */
export function PublicationCard({
  passport: p,
  confirm,
  onAct,
  preview,
  children,
}: {
  passport: { publication_status: string; version: number; digital_link: string; public_url: string };
  confirm: Record<Act, string>;
  onAct(what: Act): Promise<void>;
  /** In place of the link to the public URL (which answers only once published). */
  preview?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const [asking, setAsking] = useState<Act | null>(null);
  const act = useSubmit(async (what: Act) => {
    await onAct(what);
    setAsking(null);
  });
  return (
    <div className="card dpp-meta" data-testid="passport-meta">
      <p>
        {t('codes.status')}:{' '}
        <strong data-testid="publication-status">{t(`dpp.status.${p.publication_status}` as MessageKey)}</strong> ·{' '}
        {t('dpp.version', { n: p.version })}
      </p>
      <p>
        {t('dpp.digitalLink')}: <code data-testid="digital-link">{p.digital_link}</code>{' '}
        <CopyButton text={p.digital_link} />
      </p>
      {preview ?? (
        <p>
          <a href={p.public_url} target="_blank" rel="noreferrer">
            {t('dpp.preview')}
          </a>
        </p>
      )}
      {children}
      <ProblemAlert problem={act.problem} fields={act.fields} />
      {asking ? (
        <div role="dialog" aria-modal="false" aria-labelledby="dpp-confirm" className="confirm">
          <p id="dpp-confirm">{confirm[asking]}</p>
          <button
            type="button"
            className={asking === 'publish' ? 'btn btn-primary' : 'btn btn-danger'}
            disabled={act.busy}
            onClick={() => void act.run(asking)}
          >
            {t('app.confirm')}
          </button>{' '}
          <button type="button" className="btn" onClick={() => setAsking(null)}>
            {t('app.cancel')}
          </button>
        </div>
      ) : (
        <p>
          {p.publication_status === 'draft' ? (
            <button type="button" className="btn btn-primary" onClick={() => setAsking('publish')}>
              {t('dpp.publish')}
            </button>
          ) : null}{' '}
          {p.publication_status !== 'archived' ? (
            <button type="button" className="btn btn-danger" onClick={() => setAsking('archive')}>
              {t('dpp.archive')}
            </button>
          ) : null}
        </p>
      )}
    </div>
  );
}
