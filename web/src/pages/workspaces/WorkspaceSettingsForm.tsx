import { useState } from 'react';
import { updateWorkspace } from '@qrs/sdk/forms';
import type { Workspace } from '../../api/client';
import { useWorkspaceWrites } from '../../api/hooks/workspaces';
import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../session';
import { FormField } from '../../ui/FormField';
import { ProblemAlert } from '../../ui/forms';
import { useApiForm } from '../../ui/use-api-form';

type WsForm = {
  name: string;
  slug: string;
  description: string;
  default_locale: string;
  primary_color: string;
  custom_domain: string;
  approval_required: boolean;
  timezone: string;
  scan_retention_days: string;
};
const toForm = (w: Workspace): WsForm => ({
  name: w.name,
  slug: w.slug,
  description: w.description ?? '',
  default_locale: w.default_locale,
  primary_color: w.primary_color ?? '',
  custom_domain: w.custom_domain ?? '',
  approval_required: w.approval_required,
  timezone: w.timezone,
  scan_retention_days: w.scan_retention_days == null ? '' : String(w.scan_retention_days),
});
const toBody = (form: WsForm) => ({
  ...form,
  description: form.description || null,
  primary_color: form.primary_color || null,
  custom_domain: form.custom_domain || null,
  // A number when it is one; else the text, so the schema's answer names the problem.
  scan_retention_days:
    form.scan_retention_days.trim() === ''
      ? null
      : Number.isFinite(Number(form.scan_retention_days))
        ? Number(form.scan_retention_days)
        : form.scan_retention_days,
});

type Text = 'name' | 'slug' | 'description' | 'default_locale' | 'custom_domain' | 'timezone' | 'scan_retention_days';

/** A workspace's settings (PATCH /v1/workspaces/{id}). */
export function WorkspaceSettingsForm({ workspace }: { workspace: Workspace }) {
  const { t } = useI18n();
  const { refresh } = useSession();
  const writes = useWorkspaceWrites();
  const [saved, setSaved] = useState(false);
  const form = useApiForm({ body: updateWorkspace, defaults: toForm(workspace), toBody });
  const text = (name: Text, label: string, hint?: string) => (
    <FormField form={form} name={name} label={label} hint={hint}>
      {(p) => <input {...p} />}
    </FormField>
  );
  return (
    <>
      {saved ? (
        <p role="status" className="alert alert-ok">
          {t('app.saved')}
        </p>
      ) : null}
      <ProblemAlert problem={form.problem} fields={form.fields} />
      <form
        className="narrow"
        onChange={() => setSaved(false)}
        onSubmit={form.submit(async (body) => {
          const w = await writes.update(workspace.id, body);
          form.reset(toForm(w));
          setSaved(true);
          await refresh();
        })}
        noValidate
      >
        {text('name', t('ws.name'))}
        {text('slug', t('ws.slug'), t('ws.slugHint'))}
        {text('description', t('ws.description'))}
        {text('default_locale', t('ws.locale'))}
        <FormField form={form} name="primary_color" label={t('ws.color')} hint={t('ws.colorHint')}>
          {(p) => <input {...p} placeholder="#0A3D91" />}
        </FormField>
        {text('custom_domain', t('ws.domain'), t('ws.domainHint'))}
        {text('timezone', t('ws.timezone'), t('ws.timezoneHint'))}
        {text('scan_retention_days', t('ws.retention'), t('ws.retentionHint'))}
        <div className="field check">
          <label>
            <input type="checkbox" {...form.register('approval_required')} /> {t('ws.approval')}
          </label>
        </div>
        <button className="btn btn-primary" disabled={form.busy}>
          {form.busy ? t('app.saving') : t('app.save')}
        </button>
      </form>
    </>
  );
}
