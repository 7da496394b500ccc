import { useState } from 'react';
import { ApiError } from '../api/client';
import { useApiKeys, useApiKeyWrites } from '../api/hooks/apiKeys';
import { useI18n } from '../i18n/i18n';
import { CopyButton, Field, ProblemAlert, useSubmit } from '../ui/forms';
import { actorName } from './team/audit-words';

export function ApiKeys() {
  const { t, fmt, fmtDate } = useI18n();
  const writes = useApiKeyWrites();
  const keys = useApiKeys();
  const [name, setName] = useState('');
  const [expires, setExpires] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const create = useSubmit(async () => {
    setSecret(await writes.create({ name, ...(expires ? { expires_at: new Date(expires).toISOString() } : {}) }));
    setName('');
    setExpires('');
  });
  const revoke = useSubmit(async (id: string) => {
    await writes.revoke(id);
    setRevoking(null);
  });
  if (keys.error instanceof ApiError && keys.error.status === 403)
    return (
      <section>
        <h1>{t('keys.title')}</h1>
        <p>{t('keys.adminOnly')}</p>
      </section>
    );
  return (
    <section>
      <h1>{t('keys.title')}</h1>
      {secret ? (
        <div className="alert alert-warn" role="alert" data-testid="new-secret">
          <h2>{t('keys.secretTitle')}</h2>
          <p>
            <strong>{t('keys.secretWarning')}</strong>
          </p>
          <p>
            <code className="secret">{secret}</code> <CopyButton text={secret} />
          </p>
          <button type="button" className="btn btn-small" onClick={() => setSecret(null)}>
            {t('app.close')}
          </button>
        </div>
      ) : null}
      <ProblemAlert problem={create.problem} fields={create.fields} />
      <form
        className="narrow"
        onSubmit={(e) => {
          e.preventDefault();
          void create.run();
        }}
        noValidate
      >
        <Field label={t('keys.name')} pointer="/name" errors={create.fields}>
          {(p) => <input {...p} value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label={t('keys.expires')} pointer="/expires_at" errors={create.fields}>
          {(p) => <input {...p} type="datetime-local" value={expires} onChange={(e) => setExpires(e.target.value)} />}
        </Field>
        <button className="btn btn-primary" disabled={create.busy}>
          {t('keys.create')}
        </button>
      </form>
      <ProblemAlert problem={revoke.problem} />
      {keys.data && keys.data.length === 0 ? (
        <p>{t('keys.empty')}</p>
      ) : (
        <table className="table" data-testid="keys-table">
          <thead>
            <tr>
              <th scope="col">{t('keys.name')}</th>
              <th scope="col">{t('keys.hint')}</th>
              <th scope="col">{t('keys.status')}</th>
              <th scope="col">{t('keys.created')}</th>
              <th scope="col">{t('words.keys.createdBy')}</th>
              <th scope="col">{t('keys.lastUsed')}</th>
              <th scope="col">
                <span className="sr-only">{t('keys.revoke')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(keys.data ?? []).map((k) => (
              <tr key={k.id}>
                <td>{k.name}</td>
                <td data-label={t('keys.hint')}>
                  <code>{k.hint}…</code>
                </td>
                <td data-label={t('keys.status')}>{t(`words.keyStatus.${k.status}`)}</td>
                <td data-label={t('keys.created')}>{fmtDate(k.created_at)}</td>
                <td data-label={t('words.keys.createdBy')}>
                  {k.creator ? actorName(k.creator, 'user', { t, fmt }) : t('words.actor.system')}
                </td>
                <td data-label={t('keys.lastUsed')}>{k.last_used_at ? fmtDate(k.last_used_at) : t('keys.never')}</td>
                <td>
                  {k.status !== 'active' ? null : revoking === k.id ? (
                    <span role="group" aria-label={t('keys.revokeConfirm', { name: k.name })}>
                      <span className="small">{t('keys.revokeConfirm', { name: k.name })}</span>{' '}
                      <button type="button" className="btn btn-danger btn-small" onClick={() => void revoke.run(k.id)}>
                        {t('app.confirm')}
                      </button>{' '}
                      <button type="button" className="btn btn-small" onClick={() => setRevoking(null)}>
                        {t('app.cancel')}
                      </button>
                    </span>
                  ) : (
                    <button type="button" className="btn btn-small" onClick={() => setRevoking(k.id)}>
                      {t('keys.revoke')}
                      <span className="sr-only"> {k.name}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
