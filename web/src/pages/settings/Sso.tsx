// The organization's single sign-on with OpenID Connect (docs/decisions.md D80): issuer, client,
// write-only secret, claim values mapped to roles, and whether members must use it. org_admin only.
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { useSso, useSsoWrites, type SsoConnectionPut } from '../../api/hooks/sso';
import type { MessageKey } from '../../i18n/en';
import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../session';
import { Field, ProblemAlert, useSubmit } from '../../ui/forms';
import '../team/team.css';

const ROLES = ['org_admin', 'ws_admin', 'editor', 'approver', 'viewer'] as const;
type Role = (typeof ROLES)[number];
interface Form {
  issuer: string;
  client_id: string;
  client_secret: string;
  role_claim: string;
  mappings: Array<{ value: string; role: Role }>;
  default_role: Role | '';
  required: boolean;
}
const EMPTY: Form = {
  issuer: '',
  client_id: '',
  client_secret: '',
  role_claim: 'groups',
  mappings: [],
  default_role: 'viewer',
  required: false,
};

export default function SsoSettings() {
  const { t } = useI18n();
  const { me } = useSession();
  const orgId = me?.current.organization_id;
  const sso = useSso(orgId);
  const writes = useSsoWrites(orgId);
  const [form, setForm] = useState<Form>(EMPTY);
  const [saved, setSaved] = useState<'saved' | 'removed' | null>(null);
  useEffect(() => {
    const c = sso.data;
    if (c)
      setForm({
        issuer: c.issuer,
        client_id: c.client_id,
        client_secret: '',
        role_claim: c.role_claim ?? '',
        mappings: c.role_mappings.map((m) => ({ value: m.value, role: m.role })),
        default_role: c.default_role ?? '',
        required: c.required,
      });
  }, [sso.data]);
  const save = useSubmit(async () => {
    setSaved(null);
    const body: SsoConnectionPut = {
      issuer: form.issuer.trim(),
      client_id: form.client_id.trim(),
      role_claim: form.role_claim.trim() || null,
      role_mappings: form.mappings.filter((m) => m.value.trim()).map((m) => ({ value: m.value.trim(), role: m.role })),
      default_role: form.default_role || null,
      required: form.required,
      ...(form.client_secret ? { client_secret: form.client_secret } : {}),
    };
    await writes.save(body);
    setForm((f) => ({ ...f, client_secret: '' }));
    setSaved('saved');
  });
  const remove = useSubmit(async () => {
    await writes.remove();
    setForm(EMPTY);
    setSaved('removed');
  });
  if (sso.error instanceof ApiError) return <ProblemAlert problem={sso.error.problem} />;
  if (sso.data === undefined) return <p>{t('app.loading')}</p>;
  const c = sso.data;
  const text = (k: 'issuer' | 'client_id' | 'client_secret' | 'role_claim') => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  const roleName = (r: Role) => t(`role.${r}` as MessageKey);
  return (
    <section>
      <h1>{t('sso.title')}</h1>
      <p className="muted">{t('sso.intro')}</p>
      {c ? (
        <dl className="org-plan" data-testid="sso-addresses">
          <dt>{t('sso.redirectUri')}</dt>
          <dd>
            <code>{c.redirect_uri}</code>
          </dd>
          <dt>{t('sso.signInUrl')}</dt>
          <dd>
            <code>{c.sign_in_url}</code>
          </dd>
        </dl>
      ) : (
        <p role="status">{t('sso.notSet')}</p>
      )}
      <form
        className="narrow"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save.run();
        }}
      >
        <ProblemAlert problem={save.problem} fields={save.fields} />
        <Field label={t('sso.issuer')} pointer="/issuer" errors={save.fields} hint={t('sso.issuerHint')}>
          {(p) => <input {...p} type="url" value={form.issuer} onChange={text('issuer')} required />}
        </Field>
        <Field label={t('sso.clientId')} pointer="/client_id" errors={save.fields}>
          {(p) => <input {...p} value={form.client_id} onChange={text('client_id')} required />}
        </Field>
        <Field
          label={t('sso.clientSecret')}
          pointer="/client_secret"
          errors={save.fields}
          hint={c ? t('sso.clientSecretKept') : undefined}
        >
          {(p) => (
            <input
              {...p}
              type="password"
              autoComplete="off"
              value={form.client_secret}
              onChange={text('client_secret')}
            />
          )}
        </Field>
        <Field label={t('sso.roleClaim')} pointer="/role_claim" errors={save.fields} hint={t('sso.roleClaimHint')}>
          {(p) => <input {...p} value={form.role_claim} onChange={text('role_claim')} />}
        </Field>
        <fieldset>
          <legend>{t('sso.mappings')}</legend>
          <p className="muted">{t('sso.mappingsHint')}</p>
          {form.mappings.map((m, i) => (
            <div className="row" key={i}>
              <Field label={t('sso.mappingValue')} pointer={`/role_mappings/${i}/value`} errors={save.fields}>
                {(p) => (
                  <input
                    {...p}
                    value={m.value}
                    onChange={(e) =>
                      setForm((f) => ({
                        ...f,
                        mappings: f.mappings.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)),
                      }))
                    }
                  />
                )}
              </Field>
              <Field label={t('sso.mappingRole')} pointer={`/role_mappings/${i}/role`} errors={save.fields}>
                {(p) => (
                  <select
                    {...p}
                    value={m.role}
                    onChange={(e) =>
                      setForm((f) => ({
                        ...f,
                        mappings: f.mappings.map((x, j) => (j === i ? { ...x, role: e.target.value as Role } : x)),
                      }))
                    }
                  >
                    {ROLES.map((r) => (
                      <option key={r} value={r}>
                        {roleName(r)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <button
                type="button"
                className="btn btn-small"
                aria-label={t('sso.removeMapping', { value: m.value || String(i + 1) })}
                onClick={() => setForm((f) => ({ ...f, mappings: f.mappings.filter((_, j) => j !== i) }))}
              >
                ×
              </button>
            </div>
          ))}
          <button
            type="button"
            className="btn btn-small"
            onClick={() => setForm((f) => ({ ...f, mappings: [...f.mappings, { value: '', role: 'viewer' }] }))}
          >
            {t('sso.addMapping')}
          </button>
        </fieldset>
        <Field label={t('sso.defaultRole')} pointer="/default_role" errors={save.fields}>
          {(p) => (
            <select
              {...p}
              value={form.default_role}
              onChange={(e) => setForm((f) => ({ ...f, default_role: e.target.value as Role | '' }))}
            >
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {roleName(r)}
                </option>
              ))}
              <option value="">{t('sso.refuse')}</option>
            </select>
          )}
        </Field>
        <label className="check">
          <input
            type="checkbox"
            checked={form.required}
            onChange={(e) => setForm((f) => ({ ...f, required: e.target.checked }))}
          />{' '}
          {t('sso.required')}
        </label>
        <p className="muted">{t('sso.requiredHint')}</p>
        <button className="btn btn-primary" disabled={save.busy}>
          {t('app.save')}
        </button>
        {saved ? (
          <p role="status" className="muted">
            {saved === 'saved' ? t('app.saved') : t('sso.removed')}
          </p>
        ) : null}
      </form>
      {c ? (
        <div className="danger-zone">
          <ProblemAlert problem={remove.problem} />
          <button type="button" className="btn btn-danger" disabled={remove.busy} onClick={() => void remove.run()}>
            {t('sso.remove')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
