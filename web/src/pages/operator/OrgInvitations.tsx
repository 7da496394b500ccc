import { useI18n } from '../../i18n/i18n';
import { useInvitationAction } from '../../api/hooks/operator-accounts/use-invitation-action';
import { useOperatorInvitations } from '../../api/hooks/operator-accounts/use-operator-invitations';
import { ProblemAlert, useErrorText, useSubmit } from '../../ui/forms';

/** The organization's invitations, every status, with resend and revoke for the open ones. */
export function OrgInvitations({ orgId }: { orgId: string }) {
  const { t, fmtDate } = useI18n();
  const errorText = useErrorText();
  const list = useOperatorInvitations(orgId);
  const act = useInvitationAction(orgId);
  const s = useSubmit((id: string, action: 'resend' | 'revoke') => act.mutateAsync({ id, action }));
  const rows = list.data?.data ?? [];
  return (
    <section className="account-section" aria-labelledby="op-inv-head">
      <h2 id="op-inv-head">{t('opx.inv.title')}</h2>
      <ProblemAlert problem={s.problem} fields={s.fields} />
      {list.isPending ? (
        <p>{t('app.loading')}</p>
      ) : list.error ? (
        <p role="alert">{errorText(list.error)}</p>
      ) : rows.length === 0 ? (
        <p>{t('opx.inv.none')}</p>
      ) : (
        <table className="table" data-testid="op-invitations">
          <thead>
            <tr>
              <th scope="col">{t('opx.inv.email')}</th>
              <th scope="col">{t('opx.inv.status')}</th>
              <th scope="col">{t('opx.inv.expires')}</th>
              <th scope="col">{t('opx.inv.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((i) => (
              <tr key={i.id}>
                <td>{i.email}</td>
                <td>{t(`opx.inv.status.${i.status}`)}</td>
                <td>{fmtDate(i.expires_at)}</td>
                <td>
                  {i.status === 'pending' || i.status === 'expired' ? (
                    <button
                      type="button"
                      className="btn btn-small"
                      disabled={s.busy}
                      onClick={() => void s.run(i.id, 'resend')}
                    >
                      {t('opx.inv.resend')}
                    </button>
                  ) : null}{' '}
                  {i.status === 'pending' ? (
                    <button
                      type="button"
                      className="btn btn-small"
                      disabled={s.busy}
                      onClick={() => void s.run(i.id, 'revoke')}
                    >
                      {t('opx.inv.revoke')}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
