import { useState, type FormEvent } from 'react';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { Field, ProblemAlert, useSubmit } from '../../ui/forms';
import {
  useCreateAnnouncement,
  useUpdateAnnouncement,
  type AnnouncementDraft,
  type OperatorAnnouncement,
} from '../../api/hooks/operatorAnnouncements';

const SEVERITIES = ['info', 'warning', 'breaking'] as const;

/** An ISO time as a datetime-local value (the browser's clock), and back. */
const toLocal = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const toIso = (local: string) => (local ? new Date(local).toISOString() : null);

function initial(a: OperatorAnnouncement | null) {
  return {
    severity: a?.severity ?? 'info',
    title: a?.title ?? '',
    body: a?.body ?? '',
    title_de: a?.translations.de?.title ?? '',
    body_de: a?.translations.de?.body ?? '',
    link: a?.link ?? '',
    starts_at: toLocal(a?.starts_at ?? null),
    ends_at: toLocal(a?.ends_at ?? null),
    email_api_users: a?.email_api_users ?? false,
  };
}

/** Writes a new announcement as a draft, or changes a draft or scheduled one. */
export function AnnouncementForm({
  editing,
  onDone,
}: {
  editing: OperatorAnnouncement | null;
  onDone: (id: string) => void;
}) {
  const { t } = useI18n();
  const create = useCreateAnnouncement();
  const update = useUpdateAnnouncement();
  const [v, setV] = useState(() => initial(editing));
  const set = (k: keyof typeof v) => (value: string | boolean) => setV((o) => ({ ...o, [k]: value }));
  const submit = useSubmit(async () => {
    const starts = toIso(v.starts_at);
    const draft: AnnouncementDraft = {
      severity: v.severity,
      title: v.title,
      body: v.body,
      title_de: v.title_de || null,
      body_de: v.body_de || null,
      link: v.link || null,
      ...(starts ? { starts_at: starts } : {}),
      ends_at: toIso(v.ends_at),
      email_api_users: v.email_api_users,
    };
    const saved = editing ? await update.mutateAsync({ id: editing.id, draft }) : await create.mutateAsync(draft);
    onDone(saved.id);
  });
  const errors = submit.fields;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit.run();
  };
  const text = (k: keyof typeof v, label: MessageKey, kind = 'text', hint?: MessageKey) => (
    <Field label={t(label)} pointer={`/${k}`} errors={errors} hint={hint ? t(hint) : undefined}>
      {(p) =>
        kind === 'area' ? (
          <textarea {...p} rows={3} value={v[k] as string} onChange={(e) => set(k)(e.target.value)} />
        ) : (
          <input {...p} type={kind} value={v[k] as string} onChange={(e) => set(k)(e.target.value)} />
        )
      }
    </Field>
  );
  return (
    <form onSubmit={onSubmit} data-testid="op-announcement-form" noValidate>
      <h2>{t(editing ? 'opa.form.edit' : 'opa.form.new')}</h2>
      <ProblemAlert problem={submit.problem} fields={errors} />
      <Field label={t('opa.severity')} pointer="/severity" errors={errors}>
        {(p) => (
          <select {...p} value={v.severity} onChange={(e) => set('severity')(e.target.value)}>
            {SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {t(`opa.severity.${s}` as MessageKey)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {text('title', 'opa.title.en')}
      {text('body', 'opa.body.en', 'area')}
      {text('title_de', 'opa.title.de', 'text', 'opa.de.hint')}
      {text('body_de', 'opa.body.de', 'area')}
      {text('link', 'opa.link', 'url')}
      {text('starts_at', 'opa.startsAt', 'datetime-local', 'opa.startsAt.hint')}
      {text('ends_at', 'opa.endsAt', 'datetime-local', 'opa.endsAt.hint')}
      <label className="checkbox">
        <input type="checkbox" checked={v.email_api_users} onChange={(e) => set('email_api_users')(e.target.checked)} />{' '}
        {t('opa.email')}
      </label>
      <button className="btn btn-primary" disabled={submit.busy}>
        {t(editing ? 'opa.form.save' : 'opa.form.saveDraft')}
      </button>
    </form>
  );
}
