import { useState } from 'react';
import { ApiError } from '../../api/client';
import { useGs1PrefixWrites, useGs1Prefixes } from '../../api/hooks/passports';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { useSession } from '../../session';
import { useCan } from '../../ui/can';
import { Field, ProblemAlert, useSubmit } from '../../ui/forms';
import './dpp.css';

/** GS1 company prefixes of the organization: claim, status (the operator verifies), release. */
export default function Gs1Prefixes() {
  const { t, fmtDate } = useI18n();
  const { me } = useSession();
  const may = useCan('gs1_prefixes.manage');
  const q = useGs1Prefixes(me?.current.organization_id);
  const writes = useGs1PrefixWrites(me?.current.organization_id);
  const [prefix, setPrefix] = useState('');
  const claim = useSubmit(async () => {
    await writes.claim(prefix);
    setPrefix('');
  });
  const release = useSubmit((id: string) => writes.release(id));
  return (
    <section>
      <h1>{t('gs1.title')}</h1>
      <p className="muted">{t('gs1.hint')}</p>
      {q.error instanceof ApiError ? <ProblemAlert problem={q.error.problem} /> : null}
      {may ? (
        <form
          className="narrow"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void claim.run();
          }}
        >
          <ProblemAlert problem={claim.problem} fields={claim.fields} />
          <Field label={t('gs1.prefix')} pointer="/prefix" errors={claim.fields} hint={t('gs1.prefixHint')}>
            {(p) => <input {...p} inputMode="numeric" value={prefix} onChange={(e) => setPrefix(e.target.value)} />}
          </Field>
          <button className="btn btn-primary" disabled={claim.busy}>
            {t('gs1.claim')}
          </button>
        </form>
      ) : null}
      <ProblemAlert problem={release.problem} />
      {q.data && !q.data.length ? <p>{t('gs1.none')}</p> : null}
      <table className="table" data-testid="gs1-table">
        <caption className="sr-only">{t('gs1.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('gs1.prefix')}</th>
            <th scope="col">{t('codes.status')}</th>
            <th scope="col">{t('keys.created')}</th>
            <th scope="col">
              <span className="sr-only">{t('gs1.release')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {(q.data ?? []).map((g) => (
            <tr key={g.id}>
              <td>
                <code>{g.prefix}</code>
              </td>
              <td>{t(`gs1.status.${g.status}` as MessageKey)}</td>
              <td>{fmtDate(g.created_at)}</td>
              <td>
                {may ? (
                  <button type="button" className="btn btn-small" onClick={() => void release.run(g.id)}>
                    {t('gs1.release')}
                    <span className="sr-only"> {g.prefix}</span>
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
