import { useState } from 'react';
import { useNavigate } from 'react-router';
import { usePrivacyExports, usePrivacyWrites, type PrivacyExport } from '../api/hooks/privacy';
import { useI18n } from '../i18n/i18n';
import type { MessageKey } from '../i18n/en';
import { useSession } from '../session';
import { Field, ProblemAlert, queryProblem, saveBlob, useSubmit } from '../ui/forms';
import './privacy.css';

/** My exports in this organization with their status; a ready one downloads under the server's name. */
function ExportList() {
  const { t, fmtDate } = useI18n();
  const list = usePrivacyExports();
  const writes = usePrivacyWrites();
  const download = useSubmit(async (e: PrivacyExport) => {
    saveBlob(await writes.download(e.id), `qrs-${e.scope}-export-${e.id}.zip`);
  });
  const problem = queryProblem(list);
  if (problem.alone) return <ProblemAlert problem={problem.alone} />;
  const rows = list.data ?? [];
  if (!rows.length) return list.data ? <p className="muted">{t('extras.exports.none')}</p> : null;
  return (
    <>
      <ProblemAlert problem={problem.above} />
      <ProblemAlert problem={download.problem} />
      <table className="table" data-testid="exports-table">
        <caption className="sr-only">{t('extras.exports.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('extras.exports.requested')}</th>
            <th scope="col">{t('extras.exports.scope')}</th>
            <th scope="col">{t('extras.exports.status')}</th>
            <th scope="col">{t('extras.exports.available')}</th>
          </tr>
        </thead>
        <tbody aria-live="polite">
          {rows.map((e) => (
            <tr key={e.id} data-testid="export-row" data-status={e.status}>
              <td data-label={t('extras.exports.requested')}>{fmtDate(e.created_at)}</td>
              <td data-label={t('extras.exports.scope')}>{t(`extras.exports.scope.${e.scope}` as MessageKey)}</td>
              <td data-label={t('extras.exports.status')} data-testid="export-status">
                {t(`privacy.status.${e.status}` as MessageKey)}
              </td>
              <td data-label={t('extras.exports.available')}>
                {e.status === 'ready' ? (
                  <>
                    {t('privacy.until', { date: fmtDate(e.expires_at) })}{' '}
                    <button
                      type="button"
                      className="btn btn-small"
                      disabled={download.busy}
                      onClick={() => void download.run(e)}
                    >
                      {t('privacy.download')}
                    </button>
                  </>
                ) : (
                  '–'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** Request an export of my data (or the organization's), download it, erase my account. */
export function Privacy() {
  const { t } = useI18n();
  const { signedOut, me } = useSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [withOrganizations, setWithOrganizations] = useState(false);
  const writes = usePrivacyWrites();
  const request = useSubmit(async (scope: 'user' | 'organization') => {
    await writes.requestExport(scope);
  });
  const erase = useSubmit(async (deleteOrganizations: string[]) => {
    await writes.eraseAccount(password, deleteOrganizations);
    signedOut();
    void navigate('/login');
  });
  // A 409 lists the organizations the user is last org_admin of; those they run alone may go with them.
  const blocking = (erase.problem?.organizations ?? []) as Array<{ id: string; only_member: boolean }>;
  const alone = blocking.every((o) => o.only_member) ? blocking.map((o) => o.id) : [];
  const nameOf = (id: string) => me?.organizations.find((o) => o.id === id)?.name ?? id;
  return (
    <section className="privacy">
      <h1>{t('privacy.title')}</h1>
      <h2>{t('privacy.exportTitle')}</h2>
      <p>{t('privacy.exportText')}</p>
      <ProblemAlert problem={request.problem} />
      <p className="privacy-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={request.busy}
          onClick={() => void request.run('user')}
        >
          {t('privacy.exportMine')}
        </button>
        <button type="button" className="btn" disabled={request.busy} onClick={() => void request.run('organization')}>
          {t('privacy.exportOrg')}
        </button>
      </p>
      <ExportList />

      <h2>{t('privacy.eraseTitle')}</h2>
      <p>{t('privacy.eraseText')}</p>
      <ProblemAlert problem={erase.problem} fields={erase.fields} />
      <form
        className="narrow"
        onSubmit={(ev) => {
          ev.preventDefault();
          if (!confirming) setConfirming(true);
          else void erase.run(withOrganizations ? alone : []);
        }}
        noValidate
      >
        <Field label={t('privacy.password')} pointer="/password" errors={erase.fields}>
          {(p) => (
            <input
              {...p}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(ev) => setPassword(ev.target.value)}
            />
          )}
        </Field>
        {alone.length ? (
          <label className="privacy-orgs">
            <input
              type="checkbox"
              checked={withOrganizations}
              onChange={(ev) => setWithOrganizations(ev.target.checked)}
            />{' '}
            {t('privacy.eraseOrganizations', { names: alone.map(nameOf).join(', ') })}
          </label>
        ) : null}
        {confirming ? <p className="alert alert-warn">{t('privacy.eraseConfirm')}</p> : null}
        <button className="btn btn-danger" disabled={erase.busy || !password}>
          {confirming ? t('privacy.eraseNow') : t('privacy.erase')}
        </button>
      </form>
    </section>
  );
}
