import { useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { usePassportGrants } from '../../api/hooks/passports/use-passport-grants';
import { usePassportVersions } from '../../api/hooks/passports/use-passport-versions';
import { usePassportWrites } from '../../api/hooks/passports/use-passport-writes';
import { CopyButton, Field, ProblemAlert, useSubmit } from '../../ui/forms';
import { ChangesDiff } from '../team/AuditEntries';

/** Every leaf of a JSON value by its pointer, so two versions compare field by field. */
function flatten(v: unknown, prefix = ''): Record<string, unknown> {
  if (v && typeof v === 'object' && !Array.isArray(v))
    return Object.assign({}, ...Object.entries(v).map(([k, x]) => flatten(x, `${prefix}/${k}`)));
  return prefix ? { [prefix]: v } : {};
}

function diff(older: unknown, newer: unknown): Record<string, { old: unknown; new: unknown }> {
  const a = flatten(older);
  const b = flatten(newer);
  const out: Record<string, { old: unknown; new: unknown }> = {};
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)]))
    if (JSON.stringify(a[k]) !== JSON.stringify(b[k])) out[k] = { old: a[k] ?? null, new: b[k] ?? null };
  return out;
}

export function PassportVersions({ id }: { id: string }) {
  const { t, fmtDate } = useI18n();
  const q = usePassportVersions(id);
  const versions = q.data ?? [];
  return (
    <section aria-labelledby="versions-head" data-testid="passport-versions">
      <h2 id="versions-head">{t('dpp.versions')}</h2>
      <ol className="plain">
        {versions.map((v, i) => (
          <li key={v.version} className="card">
            <p>
              <strong>{t('dpp.version', { n: v.version })}</strong> · {t(`dpp.action.${v.action}` as MessageKey)} ·{' '}
              {fmtDate(v.created_at)}
            </p>
            {versions[i + 1] ? (
              <ChangesDiff
                changes={{
                  ...diff(
                    {
                      battery_status: versions[i + 1].battery_status,
                      publication_status: versions[i + 1].publication_status,
                    },
                    { battery_status: v.battery_status, publication_status: v.publication_status },
                  ),
                  ...diff(versions[i + 1].data, v.data),
                }}
              />
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function PassportGrants({ id }: { id: string }) {
  const { t, fmtDate } = useI18n();
  const writes = usePassportWrites();
  const q = usePassportGrants(id);
  const [level, setLevel] = useState<'legitimate_interest' | 'authority'>('legitimate_interest');
  const [expires, setExpires] = useState('');
  const [note, setNote] = useState('');
  const [token, setToken] = useState<string | null>(null);
  const create = useSubmit(async () => {
    const g = await writes.grant(id, {
      level,
      expires_at: expires ? new Date(expires).toISOString() : '',
      ...(note ? { note } : {}),
    });
    setToken(g.token);
    setNote('');
  });
  const revoke = useSubmit((grantId: string) => writes.revokeGrant(id, grantId));
  return (
    <section aria-labelledby="grants-head" data-testid="passport-grants">
      <h2 id="grants-head">{t('dpp.grants')}</h2>
      {token ? (
        <div className="alert alert-warn" role="alert">
          <p>
            <strong>{t('dpp.grantToken')}</strong>
          </p>
          <p>
            <code className="secret">{token}</code> <CopyButton text={token} />
          </p>
        </div>
      ) : null}
      <form
        className="narrow"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setToken(null);
          void create.run();
        }}
      >
        <ProblemAlert problem={create.problem} fields={create.fields} />
        <Field label={t('dpp.grantLevel')} pointer="/level" errors={create.fields}>
          {(p) => (
            <select {...p} value={level} onChange={(e) => setLevel(e.target.value as typeof level)}>
              <option value="legitimate_interest">{t('dpp.access.legitimate_interest')}</option>
              <option value="authority">{t('dpp.access.authority')}</option>
            </select>
          )}
        </Field>
        <Field label={t('keys.expires')} pointer="/expires_at" errors={create.fields}>
          {(p) => <input {...p} type="datetime-local" value={expires} onChange={(e) => setExpires(e.target.value)} />}
        </Field>
        <Field label={t('dpp.grantNote')} pointer="/note" errors={create.fields}>
          {(p) => <input {...p} value={note} onChange={(e) => setNote(e.target.value)} />}
        </Field>
        <button className="btn btn-small" disabled={create.busy}>
          {t('dpp.grantCreate')}
        </button>
      </form>
      <ProblemAlert problem={revoke.problem} />
      <ul className="plain">
        {(q.data ?? []).map((g) => (
          <li key={g.id} className="card">
            {t(`dpp.access.${g.level}` as MessageKey)} · {t('dpp.until', { date: fmtDate(g.expires_at) })}
            {g.note ? ` · ${g.note}` : ''} · {g.revoked_at ? t('dpp.revoked') : null}
            {!g.revoked_at ? (
              <button type="button" className="btn btn-small" onClick={() => void revoke.run(g.id)}>
                {t('members.revoke')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
