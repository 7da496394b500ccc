import { useCurrentWorkspace, useWorkspaceWrites } from '../../api/hooks/workspaces';
import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../session';
import { useCan } from '../../ui/can';
import { CopyButton, ProblemAlert, queryProblem, useErrorText, useSubmit } from '../../ui/forms';
import { lazyForm } from '../../ui/lazy-form';
import { DomainRouting } from './DomainRouting';
import '../team/team.css';

const DomainForm = lazyForm(() => import('./domains/DomainForm').then((m) => m.DomainForm));

/** The current workspace's custom domain: the TXT record to create, where to point it, verify now, status, release. */
export function Domains() {
  const { t } = useI18n();
  const errorText = useErrorText();
  const { me } = useSession();
  const writes = useWorkspaceWrites();
  const id = me?.current.workspace_id ?? '';
  const may = useCan('workspaces.update');
  const ws = useCurrentWorkspace(id);
  const release = useSubmit(async () => {
    await writes.setDomain(id, null);
    verify.clear();
  });
  const verify = useSubmit(() => writes.verifyDomain(id));
  const problem = queryProblem(ws);
  if (problem.alone) return <ProblemAlert problem={problem.alone} />;
  if (!ws.data) return <p>{t('app.loading')}</p>;
  const w = ws.data;
  const failed = verify.problem ? errorText(verify.problem, { '/custom_domain': t('domains.domain') }) : null;
  return (
    <section>
      <ProblemAlert problem={problem.above} />
      <h1>{t('domains.title')}</h1>
      <p className="muted">{t('domains.hint', { ws: w.name })}</p>
      {w.custom_domain ? (
        <div className="card" data-testid="domain-card">
          <h2>{w.custom_domain}</h2>
          <p>
            {t('domains.status')}:{' '}
            <strong data-testid="domain-status">
              {w.custom_domain_status === 'verified'
                ? t('domains.verified')
                : failed
                  ? t('domains.failed')
                  : t('domains.pending')}
            </strong>
          </p>
          {failed ? (
            <p className="alert alert-error" role="alert" data-testid="domain-reason">
              {failed}
            </p>
          ) : null}
          {w.custom_domain_verification ? (
            <>
              <p>{t('domains.record')}</p>
              <dl className="dns-record">
                <dt>{t('domains.type')}</dt>
                <dd>
                  <code>{w.custom_domain_verification.type}</code>
                </dd>
                <dt>{t('domains.name')}</dt>
                <dd>
                  <code>{w.custom_domain_verification.name}</code>{' '}
                  <CopyButton text={w.custom_domain_verification.name} />
                </dd>
                <dt>{t('domains.value')}</dt>
                <dd>
                  <code>{w.custom_domain_verification.value}</code>{' '}
                  <CopyButton text={w.custom_domain_verification.value} />
                </dd>
              </dl>
              {may ? (
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={verify.busy}
                  onClick={() => void verify.run()}
                >
                  {t('domains.verify')}
                </button>
              ) : null}{' '}
            </>
          ) : null}
          <DomainRouting domain={w.custom_domain} />
          {may ? (
            <button type="button" className="btn" disabled={release.busy} onClick={() => void release.run()}>
              {t('domains.release')}
            </button>
          ) : null}
        </div>
      ) : may ? (
        <DomainForm workspaceId={id} onSet={() => verify.clear()} />
      ) : (
        <p>{t('domains.none')}</p>
      )}
    </section>
  );
}
