import { useState } from 'react';
import { ApiError } from '../../api/client';
import { useDppCredentials, useDppCredentialWrites, type AccessCredential } from '../../api/hooks/dppCredentials';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { useSession } from '../../session';
import { ProblemAlert, useSubmit } from '../../ui/forms';
import { CredentialForm } from './CredentialForm';
import { ConfirmDelete } from '../settings/ConfirmDelete';
import './dpp.css';

const stateOf = (c: AccessCredential) =>
  c.revoked_at ? 'revoked' : Date.parse(c.expires_at) <= Date.now() ? 'expired' : 'active';

/** Standing access credentials of the organization (org_admin only): issue, list, revoke. */
export default function Credentials() {
  const { t, fmtDate } = useI18n();
  const { me } = useSession();
  const q = useDppCredentials(me?.current.organization_id);
  const writes = useDppCredentialWrites(me?.current.organization_id);
  const [revoking, setRevoking] = useState<string | null>(null);
  const revoke = useSubmit(async (id: string) => {
    await writes.revoke(id);
    setRevoking(null);
  });
  if (q.error instanceof ApiError && q.error.status === 403)
    return (
      <section>
        <h1>{t('creds.title')}</h1>
        <p>{t('creds.adminOnly')}</p>
      </section>
    );
  return (
    <section>
      <h1>{t('creds.title')}</h1>
      <p className="muted">{t('creds.hint')}</p>
      {q.error instanceof ApiError ? <ProblemAlert problem={q.error.problem} /> : null}
      <CredentialForm />
      <ProblemAlert problem={revoke.problem} />
      {q.data && !q.data.length ? <p>{t('creds.empty')}</p> : null}
      <table className="table" data-testid="credentials-table">
        <caption className="sr-only">{t('creds.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('creds.holder')}</th>
            <th scope="col">{t('dpp.grantLevel')}</th>
            <th scope="col">{t('creds.scope')}</th>
            <th scope="col">{t('creds.expires')}</th>
            <th scope="col">{t('keys.status')}</th>
            <th scope="col">
              <span className="sr-only">{t('creds.revoke')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {(q.data ?? []).map((c) => (
            <tr key={c.id}>
              <td>
                {c.holder}
                {c.note ? <div className="muted small">{c.note}</div> : null}
              </td>
              <td>{t(`dpp.access.${c.level}` as MessageKey)}</td>
              <td>{c.gtin_prefixes?.join(', ') ?? t('creds.allPassports')}</td>
              <td>{fmtDate(c.expires_at)}</td>
              <td>{t(`creds.status.${stateOf(c)}` as MessageKey)}</td>
              <td>
                {stateOf(c) === 'active' ? (
                  <ConfirmDelete
                    name={c.holder}
                    asking={revoking === c.id}
                    ask={(on) => setRevoking(on ? c.id : null)}
                    onConfirm={() => void revoke.run(c.id)}
                    question={t('creds.revokeConfirm', { holder: c.holder })}
                    label={t('creds.revoke')}
                  />
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
