import { useAuditEntries } from '../../api/hooks/audit';
import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../session';

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

/** Entries of the workspace's audit log matching a filter, newest first, a page at a time. */
export function AuditEntries({ filter }: { filter: AuditFilter }) {
  const { t, fmtDate } = useI18n();
  const { me } = useSession();
  const q = useAuditEntries(filter);
  const entries = q.data?.pages.flatMap((p) => p.data) ?? [];
  const total = q.data?.pages[0]?.meta.pagination.total_count;
  return (
    <div data-testid="audit-entries">
      {total !== undefined ? <p className="muted small">{t('audit.count', { n: total })}</p> : null}
      {q.data && !entries.length ? <p>{t('audit.none')}</p> : null}
      <ol className="plain audit-list">
        {entries.map((e) => (
          <li key={e.id} className="card audit-entry">
            <p>
              <code>{e.action}</code> · <code>{e.resource_id}</code>
            </p>
            <p className="muted small">
              {fmtDate(e.created_at)} ·{' '}
              {e.actor_id === me?.user.id ? t('comments.you') : (e.actor_id ?? t('audit.system'))}
            </p>
            <ChangesDiff changes={e.changes} />
          </li>
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
