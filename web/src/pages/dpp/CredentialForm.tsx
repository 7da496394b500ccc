import { useState } from 'react';
import { useDppCredentialWrites, type CredentialInput } from '../../api/hooks/dppCredentials';
import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../session';
import { CopyButton, Field, ProblemAlert, useSubmit } from '../../ui/forms';

type Level = CredentialInput['level'];

/** Issuing a standing access credential; its token is shown once, right here, then never again. */
export function CredentialForm() {
  const { t } = useI18n();
  const { me } = useSession();
  const writes = useDppCredentialWrites(me?.current.organization_id);
  const [level, setLevel] = useState<Level>('legitimate_interest');
  const [holder, setHolder] = useState('');
  const [expires, setExpires] = useState('');
  const [prefixes, setPrefixes] = useState('');
  const [note, setNote] = useState('');
  const [issued, setIssued] = useState<{ token: string; holder: string } | null>(null);
  const issue = useSubmit(async () => {
    const list = prefixes
      .split(/[\s,;]+/)
      .map((s) => s.trim())
      .filter(Boolean);
    const created = await writes.issue({
      level,
      holder,
      expires_at: expires ? new Date(expires).toISOString() : '',
      ...(list.length ? { gtin_prefixes: list } : {}),
      ...(note ? { note } : {}),
    });
    setIssued({ token: created.token, holder: created.holder });
    setHolder('');
    setPrefixes('');
    setNote('');
  });
  return (
    <>
      {issued ? (
        <div className="alert alert-warn" role="alert" data-testid="credential-token">
          <h2>{t('creds.tokenTitle')}</h2>
          <p>
            <strong>{t('creds.tokenWarning', { holder: issued.holder })}</strong>
          </p>
          <p>
            <code className="secret">{issued.token}</code> <CopyButton text={issued.token} />
          </p>
          <button type="button" className="btn btn-small" onClick={() => setIssued(null)}>
            {t('app.close')}
          </button>
        </div>
      ) : null}
      <form
        className="narrow"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setIssued(null);
          void issue.run();
        }}
      >
        <ProblemAlert problem={issue.problem} fields={issue.fields} />
        <Field label={t('creds.holder')} pointer="/holder" errors={issue.fields} hint={t('creds.holderHint')}>
          {(p) => <input {...p} value={holder} onChange={(e) => setHolder(e.target.value)} />}
        </Field>
        <Field label={t('dpp.grantLevel')} pointer="/level" errors={issue.fields}>
          {(p) => (
            <select {...p} value={level} onChange={(e) => setLevel(e.target.value as Level)}>
              <option value="legitimate_interest">{t('dpp.access.legitimate_interest')}</option>
              <option value="authority">{t('dpp.access.authority')}</option>
            </select>
          )}
        </Field>
        <Field label={t('creds.expires')} pointer="/expires_at" errors={issue.fields} hint={t('creds.expiresHint')}>
          {(p) => <input {...p} type="datetime-local" value={expires} onChange={(e) => setExpires(e.target.value)} />}
        </Field>
        <Field
          label={t('creds.prefixes')}
          pointer="/gtin_prefixes"
          errors={issue.fields}
          hint={t('creds.prefixesHint')}
        >
          {(p) => <input {...p} inputMode="numeric" value={prefixes} onChange={(e) => setPrefixes(e.target.value)} />}
        </Field>
        <Field label={t('creds.note')} pointer="/note" errors={issue.fields}>
          {(p) => <input {...p} value={note} onChange={(e) => setNote(e.target.value)} />}
        </Field>
        <button className="btn btn-primary" disabled={issue.busy}>
          {t('creds.issue')}
        </button>
      </form>
    </>
  );
}
