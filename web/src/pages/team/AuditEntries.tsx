import { Link } from 'react-router';
import { useAuditEntries } from '../../api/hooks/audit';
import type { AuditLogEntry } from '../../api/client';
import { useI18n } from '../../i18n/i18n';
import { entryWords } from './audit-words';

export interface AuditFilter {
  resource_type?: string;
  resource_id?: string;
  action?: string;
  actor_id?: string;
}

const show = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/** `changes` is {field: {old, new}}: one row per field, before beside after. */
export function ChangesDiff({ changes }: { changes: Record<string, unknown> }) {
  const { t } = useI18n();
  const fields = Object.entries(changes);
  if (!fields.length) return <span className="muted small">{t('app.none')}</span>;
  return (
    <table className="diff">
      <thead>
        <tr>
          <th scope="col">{t('audit.field')}</th>
          <th scope="col">{t('audit.before')}</th>
          <th scope="col">{t('audit.after')}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map(([f, v]) => {
          const c = (v && typeof v === 'object' ? v : { new: v }) as { old?: unknown; new?: unknown };
          return (
            <tr key={f}>
              <th scope="row">{f}</th>
              <td className="diff-old">
                <del>{show(c.old)}</del>
              </td>
              <td className="diff-new">
                <ins>{show(c.new)}</ins>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** One entry: a sentence, a line per changed field, when; the raw change behind a disclosure. */
function AuditEntry({ e, here }: { e: AuditLogEntry; here: boolean }) {
  const { t, fmt, fmtDate } = useI18n();
  const words = entryWords(e, { t, fmt }, here);
  return (
    <li className="audit-entry" data-testid="audit-entry">
      <p className="audit-sentence">{words.sentence}</p>
      {words.lines.length ? (
        <ul className="audit-lines small">
          {words.lines.map((l, i) => (
            <li key={i}>{l}</li>
          ))}
        </ul>
      ) : null}
      <p className="muted small">
        <time dateTime={e.created_at}>{fmtDate(e.created_at)}</time>
        {!here && e.resource_type === 'codes' && e.action !== 'codes.deleted' ? (
          <>
            {' '}
            · <Link to={`/codes/${e.resource_id}`}>{t('words.audit.openCode')}</Link>
          </>
        ) : null}
      </p>
      <details className="audit-raw">
        <summary className="small">{t('words.change.raw')}</summary>
        <p className="small">
          <code>{e.action}</code> · <code>{e.resource_id}</code>
          {e.actor_id ? (
            <>
              {' '}
              · <code>{e.actor_id}</code>
            </>
          ) : null}
        </p>
        <pre tabIndex={0}>{JSON.stringify(e.changes, null, 2)}</pre>
      </details>
    </li>
  );
}

/**
 * Entries of the workspace's audit log matching a filter, newest first, a page at a time. `here`:
 * shown on the page of the one resource they are about (a code's history).
 */
export function AuditEntries({ filter, here = false }: { filter: AuditFilter; here?: boolean }) {
  const { t } = useI18n();
  const q = useAuditEntries(filter);
  const entries = q.data?.pages.flatMap((p) => p.data) ?? [];
  const total = q.data?.pages[0]?.meta.pagination.total_count;
  return (
    <div data-testid="audit-entries">
      {total !== undefined ? <p className="muted small">{t('audit.count', { n: total })}</p> : null}
      {q.data && !entries.length ? <p>{t('audit.none')}</p> : null}
      <ol className="plain audit-list">
        {entries.map((e) => (
          <AuditEntry key={e.id} e={e} here={here} />
        ))}
      </ol>
      {q.hasNextPage ? (
        <button type="button" className="btn" disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
          {t('codes.more')}
        </button>
      ) : null}
    </div>
  );
}
