import { useEffect, useState } from 'react';
import { putOrganizationSso } from '@qrs/sdk/forms';
import { useSsoWrites, type SsoConnection } from '../../../api/hooks/sso';
import { useI18n } from '../../../i18n/i18n';
import { FormField } from '../../../ui/FormField';
import { ProblemAlert, useSubmit } from '../../../ui/forms';
import { useApiForm } from '../../../ui/use-api-form';
import { RoleMappings } from './RoleMappings';
import { RoleOptions } from './RoleOptions';
import { emptySso, ssoBodyOf, ssoValuesOf, type SsoValues } from './sso-values';

/** The connection's settings, saved whole, and (once there is one) the button that removes it. */
export function SsoForm({ orgId, connection }: { orgId: string | null | undefined; connection: SsoConnection | null }) {
  const { t } = useI18n();
  const writes = useSsoWrites(orgId);
  const [saved, setSaved] = useState<'saved' | 'removed' | null>(null);
  const form = useApiForm({
    body: putOrganizationSso,
    defaults: connection ? ssoValuesOf(connection) : emptySso(),
    toBody: ssoBodyOf,
  });
  // What the server holds after a save (the secret field empty again) or a removal.
  useEffect(() => form.reset(connection ? ssoValuesOf(connection) : emptySso()), [connection, form.reset]);
  const remove = useSubmit(async () => {
    await writes.remove();
    setSaved('removed');
  });
  return (
    <>
      <form
        className="narrow"
        noValidate
        onSubmit={form.submit(async (body) => {
          setSaved(null);
          await writes.save(body);
          form.setValue('client_secret', '');
          setSaved('saved');
        })}
      >
        <ProblemAlert problem={form.problem} fields={form.fields} />
        <FormField form={form} name="issuer" label={t('sso.issuer')} hint={t('sso.issuerHint')}>
          {(p) => <input {...p} type="url" required />}
        </FormField>
        <FormField form={form} name="client_id" label={t('sso.clientId')}>
          {(p) => <input {...p} required />}
        </FormField>
        <FormField
          form={form}
          name="client_secret"
          label={t('sso.clientSecret')}
          hint={connection ? t('sso.clientSecretKept') : undefined}
        >
          {(p) => <input {...p} type="password" autoComplete="off" />}
        </FormField>
        <FormField form={form} name="role_claim" label={t('sso.roleClaim')} hint={t('sso.roleClaimHint')}>
          {(p) => <input {...p} />}
        </FormField>
        <RoleMappings form={form} />
        <FormField<SsoValues> form={form} name="default_role" label={t('sso.defaultRole')}>
          {(p) => (
            <select {...p}>
              <RoleOptions />
              <option value="">{t('sso.refuse')}</option>
            </select>
          )}
        </FormField>
        <label className="check">
          <input type="checkbox" {...form.register('required')} /> {t('sso.required')}
        </label>
        <p className="muted">{t('sso.requiredHint')}</p>
        <button className="btn btn-primary" disabled={form.busy}>
          {t('app.save')}
        </button>
        {saved ? (
          <p role="status" className="muted">
            {saved === 'saved' ? t('app.saved') : t('sso.removed')}
          </p>
        ) : null}
      </form>
      {connection ? (
        <div className="danger-zone">
          <ProblemAlert problem={remove.problem} />
          <button type="button" className="btn btn-danger" disabled={remove.busy} onClick={() => void remove.run()}>
            {t('sso.remove')}
          </button>
        </div>
      ) : null}
    </>
  );
}
