import { useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { useErrorText } from '../../ui/forms';
import { useOperatorAnnouncements, type OperatorAnnouncement } from '../../api/hooks/operatorAnnouncements';
import { AnnouncementActions } from './AnnouncementActions';
import { AnnouncementForm } from './AnnouncementForm';
import { AnnouncementPreviewPanel } from './AnnouncementPreviewPanel';

type Editing = { a: OperatorAnnouncement | null } | null;

function Table({
  rows,
  onPreview,
  onEdit,
  onDone,
}: {
  rows: OperatorAnnouncement[];
  onPreview: (id: string) => void;
  onEdit: (a: OperatorAnnouncement) => void;
  onDone: (text: string) => void;
}) {
  const { t, fmtDate } = useI18n();
  return (
    <div className="table-scroll">
      <table className="table" data-testid="op-announcements-table">
        <caption className="sr-only">{t('opa.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('opa.col.title')}</th>
            <th scope="col">{t('opa.col.status')}</th>
            <th scope="col">{t('opa.col.when')}</th>
            <th scope="col">{t('opa.col.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((a) => (
            <tr key={a.id} data-testid={`op-announcement-${a.id}`}>
              <td>
                {t(`opa.severity.${a.severity}` as MessageKey)}: {a.title}
              </td>
              <td data-testid="op-announcement-status">{t(`opa.status.${a.status}` as MessageKey)}</td>
              <td>
                {fmtDate(a.starts_at)}
                {a.ends_at ? ` – ${fmtDate(a.ends_at)}` : ''}
              </td>
              <td>
                <AnnouncementActions a={a} onPreview={() => onPreview(a.id)} onEdit={() => onEdit(a)} onDone={onDone} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The operator's announcements (docs/decisions/0076-operator-announcements-and-limits.md): every one
 * with its status; written as drafts, previewed in both languages, published, changed and withdrawn.
 */
export function Announcements() {
  const { t } = useI18n();
  const errorText = useErrorText();
  const list = useOperatorAnnouncements();
  const [editing, setEditing] = useState<Editing>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const rows = list.data?.data ?? [];
  return (
    <section>
      <h1>{t('opa.title')}</h1>
      <p className="muted">{t('opa.intro')}</p>
      <p role="status">{done}</p>
      {editing ? (
        <AnnouncementForm
          key={editing.a?.id ?? 'new'}
          editing={editing.a}
          onDone={(id) => {
            setEditing(null);
            setPreview(id);
            setDone(t('opa.saved'));
          }}
        />
      ) : (
        <button type="button" className="btn btn-primary" onClick={() => setEditing({ a: null })}>
          {t('opa.new')}
        </button>
      )}
      {preview ? <AnnouncementPreviewPanel key={preview} id={preview} onClose={() => setPreview(null)} /> : null}
      {list.isPending ? <p>{t('app.loading')}</p> : null}
      {list.error ? <p role="alert">{errorText(list.error)}</p> : null}
      {list.data && !rows.length ? <p>{t('opa.none')}</p> : null}
      {rows.length ? (
        <Table
          rows={rows}
          onPreview={setPreview}
          onEdit={(a) => setEditing({ a })}
          onDone={(text) => {
            setDone(text);
            setEditing(null);
          }}
        />
      ) : null}
    </section>
  );
}
