import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../session';
import { useCan } from '../../ui/can';
import { Field, ProblemAlert, useSubmit } from '../../ui/forms';
import { useOrganization, useOrganizationWrites, useUsage } from '../../api/hooks/organization';
import '../team/team.css';
import { planName } from '../../ui/plan-name';
import { NewOrganization } from './NewOrganization';

/** Name, slug, billing e-mail, plan and usage; deleting the organization needs its slug typed. */
export function OrganizationSettings() {
  const { t, fmtNumber } = useI18n();
  const { me, signedOut } = useSession();
  const writes = useOrganizationWrites();
  const navigate = useNavigate();
  const canUpdate = useCan('organizations.update');
  const canDelete = useCan('organizations.delete');
  const org = useOrganization(me?.current.organization_id);
  const usage = useUsage();
  const [form, setForm] = useState({ name: '', slug: '', billing_email: '' });
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (org.data) setForm({ name: org.data.name, slug: org.data.slug, billing_email: org.data.billing_email ?? '' });
  }, [org.data]);
  const save = useSubmit(async () => {
    setSaved(false);
    await writes.update(org.data!.id, {
      name: form.name,
      slug: form.slug,
      billing_email: form.billing_email.trim() || null,
    });
    setSaved(true);
  });
  const [asking, setAsking] = useState(false);
  const [typed, setTyped] = useState('');
  const head = useId();
  const del = useSubmit(async () => {
    await writes.remove(org.data!.id);
    // The organization's sessions end with it: back to the login page.
    signedOut();
    void navigate('/login');
  });
  if (org.error instanceof ApiError) return <ProblemAlert problem={org.error.problem} />;
  if (!org.data) return <p>{t('app.loading')}</p>;
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  return (
    <section>
      <h1>{t('org.title')}</h1>
      <form
        className="narrow"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save.run();
        }}
      >
        <ProblemAlert problem={save.problem} fields={save.fields} />
        <Field label={t('org.name')} pointer="/name" errors={save.fields}>
          {(p) => <input {...p} value={form.name} disabled={!canUpdate} onChange={set('name')} />}
        </Field>
        <Field label={t('org.slug')} pointer="/slug" errors={save.fields}>
          {(p) => <input {...p} value={form.slug} disabled={!canUpdate} onChange={set('slug')} />}
        </Field>
        <Field label={t('org.billingEmail')} pointer="/billing_email" errors={save.fields}>
          {(p) => (
            <input
              {...p}
              type="email"
              value={form.billing_email}
              disabled={!canUpdate}
              onChange={set('billing_email')}
            />
          )}
        </Field>
        {canUpdate ? (
          <button className="btn btn-primary" disabled={save.busy}>
            {t('app.save')}
          </button>
        ) : null}
        {saved ? (
          <p role="status" className="muted">
            {t('app.saved')}
          </p>
        ) : null}
      </form>
      <h2>{t('org.plan')}</h2>
      <dl className="org-plan" data-testid="org-plan">
        <dt>{t('org.plan')}</dt>
        <dd>{planName(t, org.data.plan)}</dd>
        {usage.data ? (
          <>
            <dt>{t('usage.scans')}</dt>
            <dd>
              {t('usage.meter', { used: fmtNumber(usage.data.scans.used), limit: fmtNumber(usage.data.scans.limit) })}
            </dd>
            <dt>{t('usage.dynamic')}</dt>
            <dd>
              {t('usage.meter', {
                used: fmtNumber(usage.data.dynamic_codes.used),
                limit: fmtNumber(usage.data.dynamic_codes.limit),
              })}
            </dd>
          </>
        ) : null}
      </dl>
      <NewOrganization />
      {canDelete ? (
        <div className="danger-zone">
          <h2>{t('org.delete')}</h2>
          <p>{t('org.deleteWhat')}</p>
          {asking ? (
            <div role="dialog" aria-modal="false" aria-labelledby={head} className="confirm">
              <p id={head}>{t('org.deleteConfirm', { slug: org.data.slug })}</p>
              <Field label={t('org.slug')}>
                {(p) => <input {...p} value={typed} onChange={(e) => setTyped(e.target.value)} />}
              </Field>
              <ProblemAlert problem={del.problem} />
              <button
                type="button"
                className="btn btn-danger"
                disabled={typed !== org.data.slug || del.busy}
                onClick={() => void del.run()}
              >
                {t('org.delete')}
              </button>{' '}
              <button type="button" className="btn" onClick={() => setAsking(false)}>
                {t('app.cancel')}
              </button>
            </div>
          ) : (
            <button type="button" className="btn btn-danger" onClick={() => setAsking(true)}>
              {t('org.delete')}
            </button>
          )}
        </div>
      ) : null}
    </section>
  );
}
