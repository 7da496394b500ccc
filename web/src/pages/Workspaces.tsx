import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, type Workspace } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session';
import { Field, ProblemAlert, useSubmit } from '../ui/forms';
import { useUsage } from '../api/hooks/organization';
import { useWorkspace, useWorkspaceWrites, useWorkspaces } from '../api/hooks/workspaces';
import { planName } from '../ui/plan-name';
import { Ga4Settings } from './settings/Ga4Settings';

export function Workspaces() {
  const { t } = useI18n();
  const { me, refresh, selectWorkspace } = useSession();
  const writes = useWorkspaceWrites();
  const list = useWorkspaces(me?.current.organization_id);
  const usage = useUsage();
  const [form, setForm] = useState({ name: '', slug: '' });
  const submit = useSubmit(async () => {
    const ws = await writes.create(form);
    setForm({ name: '', slug: '' });
    await refresh();
    return ws;
  });
  const limitProblem = submit.problem && submit.problem.type.endsWith('/plan-limit-exceeded') ? submit.problem : null;
  // The server would refuse (403): say so before anyone types, rather than after.
  const full = usage.data?.workspaces.remaining === 0 ? usage.data : null;
  return (
    <section>
      <h1>{t('ws.title')}</h1>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t('ws.name')}</th>
            <th scope="col">{t('ws.slug')}</th>
            <th scope="col">{t('ws.role')}</th>
            <th scope="col">
              <span className="sr-only">{t('ws.open')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {(list.data ?? []).map((w) => {
            const role = me?.workspaces.find((x) => x.id === w.id)?.role;
            return (
              <tr key={w.id}>
                <td>
                  {w.name} {w.is_default ? <span className="badge">{t('ws.default')}</span> : null}
                </td>
                <td>
                  <code>{w.slug}</code>
                </td>
                <td>{role ?? t('app.none')}</td>
                <td>
                  <Link to={`/workspaces/${w.id}`}>
                    {t('ws.open')}
                    <span className="sr-only"> {w.name}</span>
                  </Link>
                  {role && w.id !== me?.current.workspace_id ? (
                    <>
                      {' '}
                      ·{' '}
                      <button type="button" className="link" onClick={() => selectWorkspace(w.id)}>
                        {t('switcher.workspace')}: {w.name}
                      </button>
                    </>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <h2>{t('ws.create')}</h2>
      {full ? (
        <div className="alert alert-warn" id="ws-limit" data-testid="plan-limit">
          <p>{t('ws.planLimit', { plan: planName(t, full.plan), limit: String(full.workspaces.limit) })}</p>
          <p>
            <Link to="/billing">{t('usage.upgrade')}</Link>
          </p>
        </div>
      ) : limitProblem ? (
        <div className="alert alert-warn" role="alert" data-testid="plan-limit">
          <p>
            {t('ws.planLimit', {
              plan: planName(t, String(limitProblem.plan ?? '')),
              limit: String(limitProblem.limit ?? ''),
            })}
          </p>
          <p>
            <Link to="/billing">{t('usage.upgrade')}</Link>
          </p>
        </div>
      ) : (
        <ProblemAlert problem={submit.problem} fields={submit.fields} />
      )}
      <form
        className="narrow"
        onSubmit={(e) => {
          e.preventDefault();
          void submit.run();
        }}
        noValidate
      >
        <fieldset className="plain" disabled={!!full} aria-describedby={full ? 'ws-limit' : undefined}>
          <legend className="sr-only">{t('ws.create')}</legend>
          <Field label={t('ws.name')} pointer="/name" errors={submit.fields}>
            {(p) => <input {...p} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />}
          </Field>
          <Field label={t('ws.slug')} pointer="/slug" errors={submit.fields} hint={t('ws.slugHint')}>
            {(p) => <input {...p} value={form.slug} onChange={(e) => setForm({ ...form, slug: e.target.value })} />}
          </Field>
          <button className="btn btn-primary" disabled={submit.busy}>
            {t('ws.create')}
          </button>
        </fieldset>
      </form>
    </section>
  );
}

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

export function WorkspaceSettings() {
  const { id = '' } = useParams();
  const { t } = useI18n();
  const { me, refresh } = useSession();
  const writes = useWorkspaceWrites();
  const navigate = useNavigate();
  const ws = useWorkspace(id);
  const [form, setForm] = useState<WsForm | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (ws.data && !form) setForm(toForm(ws.data));
  }, [ws.data, form]);
  const save = useSubmit(async () => {
    if (!form) return;
    const w = await writes.update(id, {
      ...form,
      description: form.description || null,
      primary_color: form.primary_color || null,
      custom_domain: form.custom_domain || null,
      // A number when it is one; else the text, so the API's 422 names the problem.
      scan_retention_days:
        form.scan_retention_days.trim() === ''
          ? null
          : Number.isFinite(Number(form.scan_retention_days))
            ? Number(form.scan_retention_days)
            : form.scan_retention_days,
    });
    setForm(toForm(w));
    setSaved(true);
    await refresh();
  });
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const archive = useSubmit(async () => {
    // An archived workspace frees a place under the plan's limit: the create form may open again.
    await writes.archive(id);
    await refresh();
    // navigate's promise settles once the route renders; route errors reach the error element, never a rejection.
    void navigate('/workspaces', { state: { archived: true } });
  });
  if (ws.error) return <ProblemAlert problem={ws.error instanceof ApiError ? ws.error.problem : null} />;
  if (!ws.data || !form) return <p>{t('app.loading')}</p>;
  const w = ws.data;
  const protectedWhy = w.is_default
    ? t('ws.protectedDefault')
    : w.id === me?.current.workspace_id
      ? t('ws.protectedCurrent')
      : null;
  const text =
    (k: 'name' | 'slug' | 'description' | 'default_locale' | 'custom_domain' | 'timezone' | 'scan_retention_days') =>
    (p: object) => (
      <input
        {...p}
        value={form[k]}
        onChange={(e) => {
          setSaved(false);
          setForm({ ...form, [k]: e.target.value });
        }}
      />
    );
  return (
    <section>
      <h1>
        {t('ws.settings')}: {w.name}
      </h1>
      {saved ? (
        <p role="status" className="alert alert-ok">
          {t('app.saved')}
        </p>
      ) : null}
      <ProblemAlert problem={save.problem} fields={save.fields} />
      <form
        className="narrow"
        onSubmit={(e) => {
          e.preventDefault();
          void save.run();
        }}
        noValidate
      >
        <Field label={t('ws.name')} pointer="/name" errors={save.fields}>
          {text('name')}
        </Field>
        <Field label={t('ws.slug')} pointer="/slug" errors={save.fields} hint={t('ws.slugHint')}>
          {text('slug')}
        </Field>
        <Field label={t('ws.description')} pointer="/description" errors={save.fields}>
          {text('description')}
        </Field>
        <Field label={t('ws.locale')} pointer="/default_locale" errors={save.fields}>
          {text('default_locale')}
        </Field>
        <Field label={t('ws.color')} pointer="/primary_color" errors={save.fields} hint={t('ws.colorHint')}>
          {(p) => (
            <input
              {...p}
              placeholder="#0A3D91"
              value={form.primary_color}
              onChange={(e) => {
                setSaved(false);
                setForm({ ...form, primary_color: e.target.value });
              }}
            />
          )}
        </Field>
        <Field label={t('ws.domain')} pointer="/custom_domain" errors={save.fields} hint={t('ws.domainHint')}>
          {text('custom_domain')}
        </Field>
        <Field label={t('ws.timezone')} pointer="/timezone" errors={save.fields} hint={t('ws.timezoneHint')}>
          {text('timezone')}
        </Field>
        <Field
          label={t('ws.retention')}
          pointer="/scan_retention_days"
          errors={save.fields}
          hint={t('ws.retentionHint')}
        >
          {text('scan_retention_days')}
        </Field>
        <div className="field check">
          <label>
            <input
              type="checkbox"
              checked={form.approval_required}
              onChange={(e) => {
                setSaved(false);
                setForm({ ...form, approval_required: e.target.checked });
              }}
            />{' '}
            {t('ws.approval')}
          </label>
        </div>
        <button className="btn btn-primary" disabled={save.busy}>
          {save.busy ? t('app.saving') : t('app.save')}
        </button>
      </form>
      {/* GA4 is set for the workspace the session works in (PUT /v1/ga4 names no workspace). */}
      {w.id === me?.current.workspace_id ? <Ga4Settings /> : null}
      <h2>{t('ws.archive')}</h2>
      {protectedWhy ? (
        <p className="muted" data-testid="archive-protected">
          {protectedWhy}
        </p>
      ) : null}
      <ProblemAlert problem={archive.problem} />
      {!confirming ? (
        <button
          type="button"
          className="btn btn-danger"
          disabled={Boolean(protectedWhy)}
          aria-describedby={protectedWhy ? undefined : undefined}
          onClick={() => setConfirming(true)}
        >
          {t('ws.archive')}
        </button>
      ) : (
        <div role="dialog" aria-modal="false" aria-labelledby="archive-q" className="confirm">
          <p id="archive-q">{t('ws.archiveConfirm', { name: w.name })}</p>
          <Field label={t('ws.slug')}>
            {(p) => <input {...p} value={typed} onChange={(e) => setTyped(e.target.value)} autoFocus />}
          </Field>
          <button
            type="button"
            className="btn btn-danger"
            disabled={typed !== w.slug || archive.busy}
            onClick={() => void archive.run()}
          >
            {t('app.confirm')}
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => {
              setConfirming(false);
              setTyped('');
            }}
          >
            {t('app.cancel')}
          </button>
        </div>
      )}
    </section>
  );
}
