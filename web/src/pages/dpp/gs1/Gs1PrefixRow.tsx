import type { Schemas } from '../../../api/client';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/en';

type Prefix = Schemas['Gs1Prefix'];

function Evidence({ p }: { p: Prefix }) {
  const { t } = useI18n();
  if (!p.evidence) return null;
  return (
    <ul className="plain small">
      {p.evidence.file ? <li>{t('gs1.evidenceFile', { name: p.evidence.file.name })}</li> : null}
      {p.evidence.gepir_url || p.evidence.gepir_text ? <li>{t('gs1.evidenceGepir')}</li> : null}
    </ul>
  );
}

/** A prefix with its status and evidence; `may`: the buttons to add evidence and to release it. */
export function Gs1PrefixRow({
  prefix: g,
  may,
  onResubmit,
  onRelease,
}: {
  prefix: Prefix;
  may: boolean;
  onResubmit(): void;
  onRelease(): void;
}) {
  const { t, fmtDate } = useI18n();
  return (
    <tr data-testid={`gs1-${g.prefix}`}>
      <td>
        <code>{g.prefix}</code>
      </td>
      <td>
        <span data-testid="gs1-status">{t(`gs1.status.${g.status}` as MessageKey)}</span>
        {g.status === 'rejected' && g.rejection_reason ? (
          <div className="small">{t('gs1.reason', { reason: g.rejection_reason })}</div>
        ) : null}
      </td>
      <td>
        <Evidence p={g} />
        {g.submitted_at ? (
          <div className="muted small">{t('gs1.submitted', { date: fmtDate(g.submitted_at) })}</div>
        ) : null}
      </td>
      <td>{fmtDate(g.created_at)}</td>
      <td>
        {may && (g.status === 'rejected' || g.status === 'self_declared') ? (
          <>
            <button type="button" className="btn btn-small" onClick={onResubmit}>
              {t(g.status === 'rejected' ? 'gs1.resubmit' : 'gs1.addEvidence')}
              <span className="sr-only"> {g.prefix}</span>
            </button>{' '}
          </>
        ) : null}
        {may ? (
          <button type="button" className="btn btn-small" onClick={onRelease}>
            {t('gs1.release')}
            <span className="sr-only"> {g.prefix}</span>
          </button>
        ) : null}
      </td>
    </tr>
  );
}
