import { operatorCreateAnnouncement, operatorUpdateAnnouncement } from '@qrs/sdk/forms';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { FormField } from '../../ui/FormField';
import { ProblemAlert } from '../../ui/forms';
import { useApiForm } from '../../ui/use-api-form';
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
    severity: a?.severity ?? ('info' as const),
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

type Values = ReturnType<typeof initial>;

/** What is sent: an empty German text or link is none, the times from the browser's clock as ISO. */
function toDraft(v: Values): AnnouncementDraft {
  const starts = toIso(v.starts_at);
  return {
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
  const form = useApiForm({
    body: editing ? operatorUpdateAnnouncement : operatorCreateAnnouncement,
    defaults: initial(editing),
    toBody: toDraft,
  });
  const text = (
    k: Exclude<keyof Values, 'severity' | 'email_api_users'>,
    label: MessageKey,
    kind = 'text',
    hint?: MessageKey,
  ) => (
    <FormField form={form} name={k} label={t(label)} hint={hint ? t(hint) : undefined}>
      {(p) => (kind === 'area' ? <textarea {...p} rows={3} /> : <input {...p} type={kind} />)}
    </FormField>
  );
  return (
    <form
      noValidate
      data-testid="op-announcement-form"
      onSubmit={form.submit(async (draft) => {
        const saved = editing ? await update.mutateAsync({ id: editing.id, draft }) : await create.mutateAsync(draft);
        onDone(saved.id);
      })}
    >
      <h2>{t(editing ? 'opa.form.edit' : 'opa.form.new')}</h2>
      <ProblemAlert problem={form.problem} fields={form.fields} />
      <FormField form={form} name="severity" label={t('opa.severity')}>
        {(p) => (
          <select {...p}>
            {SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {t(`opa.severity.${s}` as MessageKey)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {text('title', 'opa.title.en')}
      {text('body', 'opa.body.en', 'area')}
      {text('title_de', 'opa.title.de', 'text', 'opa.de.hint')}
      {text('body_de', 'opa.body.de', 'area')}
      {text('link', 'opa.link', 'url')}
      {text('starts_at', 'opa.startsAt', 'datetime-local', 'opa.startsAt.hint')}
      {text('ends_at', 'opa.endsAt', 'datetime-local', 'opa.endsAt.hint')}
      <label className="checkbox">
        <input type="checkbox" {...form.register('email_api_users')} /> {t('opa.email')}
      </label>
      <button className="btn btn-primary" disabled={form.busy}>
        {t(editing ? 'opa.form.save' : 'opa.form.saveDraft')}
      </button>
    </form>
  );
}
