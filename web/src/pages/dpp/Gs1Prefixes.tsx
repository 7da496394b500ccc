import { useState } from 'react';
import { ApiError } from '../../api/client';
import { type Gs1Evidence } from '../../api/hooks/gs1-prefixes/evidence';
import { useGs1PrefixWrites } from '../../api/hooks/gs1-prefixes/use-gs1-prefix-writes';
import { useGs1Prefixes } from '../../api/hooks/gs1-prefixes/use-gs1-prefixes';
import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../session';
import { useCan } from '../../ui/can';
import { Field, ProblemAlert, useSubmit } from '../../ui/forms';
import { EvidenceFields } from './gs1/EvidenceFields';
import { Gs1PrefixRow } from './gs1/Gs1PrefixRow';
import { Resubmit } from './gs1/Resubmit';
import './dpp.css';

const EMPTY: Gs1Evidence = { file: null, gepirUrl: '', gepirText: '' };

/** GS1 company prefixes of the organization: claim with evidence, status (the operator decides), resubmit, release. */
export default function Gs1Prefixes() {
  const { t } = useI18n();
  const { me } = useSession();
  const may = useCan('gs1_prefixes.manage');
  const q = useGs1Prefixes(me?.current.organization_id);
  const writes = useGs1PrefixWrites(me?.current.organization_id);
  const [prefix, setPrefix] = useState('');
  const [evidence, setEvidence] = useState<Gs1Evidence>(EMPTY);
  const [form, setForm] = useState(0);
  const [resubmitting, setResubmitting] = useState<string | null>(null);
  const claim = useSubmit(async () => {
    await writes.claim(prefix, evidence);
    setPrefix('');
    setEvidence(EMPTY);
    setForm((n) => n + 1); // a fresh file input: its chosen file cannot be cleared otherwise
  });
  const release = useSubmit((id: string) => writes.release(id));
  const open = (q.data ?? []).find((g) => g.id === resubmitting);
  return (
    <section>
      <h1>{t('gs1.title')}</h1>
      <p className="muted">{t('gs1.hint')}</p>
      {q.error instanceof ApiError ? <ProblemAlert problem={q.error.problem} /> : null}
      {may ? (
        <form
          key={form}
          className="narrow"
          noValidate
          data-testid="gs1-claim"
          onSubmit={(e) => {
            e.preventDefault();
            void claim.run();
          }}
        >
          <ProblemAlert problem={claim.problem} fields={claim.fields} />
          <Field label={t('gs1.prefix')} pointer="/prefix" errors={claim.fields} hint={t('gs1.prefixHint')}>
            {(p) => <input {...p} inputMode="numeric" value={prefix} onChange={(e) => setPrefix(e.target.value)} />}
          </Field>
          <EvidenceFields value={evidence} onChange={setEvidence} errors={claim.fields} base="/evidence" />
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
            <th scope="col">{t('gs1.evidence')}</th>
            <th scope="col">{t('keys.created')}</th>
            <th scope="col">
              <span className="sr-only">{t('gs1.release')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {(q.data ?? []).map((g) => (
            <Gs1PrefixRow
              key={g.id}
              prefix={g}
              may={may}
              onResubmit={() => setResubmitting(g.id)}
              onRelease={() => void release.run(g.id)}
            />
          ))}
        </tbody>
      </table>
      {open ? <Resubmit key={open.id} prefix={open} onDone={() => setResubmitting(null)} /> : null}
    </section>
  );
}
