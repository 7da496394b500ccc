import { useI18n } from '../../i18n/i18n';
import { en, type MessageKey } from '../../i18n/en';
import { usePermissionTable } from '../../ui/can';
import { ProblemAlert, queryProblem } from '../../ui/forms';
import './team.css';

/** Role × action, exactly as GET /v1/permissions answers it (the table the server enforces). */
export function Permissions() {
  const { t } = useI18n();
  const q = usePermissionTable();
  const problem = queryProblem(q);
  if (problem.alone) return <ProblemAlert problem={problem.alone} />;
  if (!q.data) return <p>{t('app.loading')}</p>;
  const { roles, actions } = q.data;
  return (
    <section>
      <ProblemAlert problem={problem.above} />
      <h1>{t('perm.title')}</h1>
      <p className="muted">{t('perm.hint')}</p>
      <div className="scroll-x" tabIndex={0} role="region" aria-label={t('perm.title')}>
        <table className="table perm-table" data-testid="permission-table">
          <caption className="sr-only">{t('perm.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('perm.action')}</th>
              {roles.map((r) => (
                <th scope="col" key={r}>
                  {t(`role.${r}` as MessageKey)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {actions.map((a) => (
              <tr key={a.action}>
                <th scope="row">
                  {`words.perm.${a.action}` in en ? t(`words.perm.${a.action}` as MessageKey) : t('words.perm.other')}
                  <br />
                  <code className="muted small">{a.action}</code>
                </th>
                {roles.map((r) => {
                  const yes = (a.roles as string[]).includes(r);
                  return (
                    <td key={r} className={yes ? 'perm-yes' : 'perm-no'}>
                      <span aria-hidden="true">{yes ? '✓' : '–'}</span>
                      <span className="sr-only">{yes ? t('perm.allowed') : t('perm.denied')}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
