import { useState } from 'react';
import { ApiError, type Schemas } from '../../api/client';
import { type Gs1Evidence } from '../../api/hooks/gs1-prefixes/evidence';
import { useGs1PrefixWrites } from '../../api/hooks/gs1-prefixes/use-gs1-prefix-writes';
import { useGs1Prefixes } from '../../api/hooks/gs1-prefixes/use-gs1-prefixes';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { useSession } from '../../session';
import { useCan } from '../../ui/can';
import { Field, ProblemAlert, useSubmit } from '../../ui/forms';
import './dpp.css';

type Prefix = Schemas['Gs1Prefix'];
type Errors = ReturnType<typeof useSubmit>['fields'];

const EMPTY: Gs1Evidence = { file: null, gepirUrl: '', gepirText: '' };

/**
 * The evidence of a claim (docs/decisions/0075-gs1-prefix-verification.md): the licence document, or
 * the GEPIR record's address and text. `base` is where the API puts them in its problem's pointers.
 */
function EvidenceFields({
  value,
  onChange,
  errors,
  base,
}: {
  value: Gs1Evidence;
  onChange: (v: Gs1Evidence) => void;
  errors: Errors;
  base: string;
}) {
  const { t } = useI18n();
  return (
    <fieldset className="gs1-evidence">
      <legend>{t('gs1.evidence')}</legend>
      <p className="muted small">{t('gs1.evidenceHint')}</p>
      <Field label={t('gs1.file')} pointer={`${base}/file/data`} errors={errors}>
        {(p) => (
          <input
            {...p}
            type="file"
            accept="application/pdf,image/png,image/jpeg"
            onChange={(e) => onChange({ ...value, file: e.target.files?.[0] ?? null })}
          />
        )}
      </Field>
      <Field label={t('gs1.gepirUrl')} pointer={`${base}/gepir_url`} errors={errors}>
        {(p) => (
          <input
            {...p}
            type="url"
            value={value.gepirUrl}
            onChange={(e) => onChange({ ...value, gepirUrl: e.target.value })}
          />
        )}
      </Field>
      <Field label={t('gs1.gepirText')} pointer={`${base}/gepir_text`} errors={errors} hint={t('gs1.gepirTextHint')}>
        {(p) => (
          <textarea
            {...p}
            rows={3}
            value={value.gepirText}
            onChange={(e) => onChange({ ...value, gepirText: e.target.value })}
          />
        )}
      </Field>
    </fieldset>
  );
}

/** New evidence for a claim without it, or a rejected one: it waits for the operator again. */
function Resubmit({ prefix, onDone }: { prefix: Prefix; onDone: () => void }) {
  const { t } = useI18n();
  const { me } = useSession();
  const writes = useGs1PrefixWrites(me?.current.organization_id);
  const [evidence, setEvidence] = useState<Gs1Evidence>(EMPTY);
  const submit = useSubmit(async () => {
    await writes.submit(prefix.id, evidence);
    onDone();
  });
  return (
    <form
      className="narrow"
      noValidate
      aria-label={t('gs1.resubmitTitle', { prefix: prefix.prefix })}
      onSubmit={(e) => {
        e.preventDefault();
        void submit.run();
      }}
    >
      <h2>{t('gs1.resubmitTitle', { prefix: prefix.prefix })}</h2>
      <ProblemAlert problem={submit.problem} fields={submit.fields} />
      <EvidenceFields value={evidence} onChange={setEvidence} errors={submit.fields} base="" />
      <button className="btn btn-primary" disabled={submit.busy}>
        {t('gs1.send')}
      </button>{' '}
      <button type="button" className="btn" onClick={onDone}>
        {t('app.cancel')}
      </button>
    </form>
  );
}

function Evidence({ p }: { p: Prefix }) {
  const { t } = useI18n();
  if (!p.evidence) return null;
  return (
    <ul className="plain small">
      {p.evidence.file ? <li>{t('gs1.evidenceFile', { name: p.evidence.file.name })}</li> : null}
      {p.evidence.gepir_url || p.evidence.gepir_text ? <li>{t('gs1.evidenceGepir')}</li> : null}
    </ul>
  );
}

/** GS1 company prefixes of the organization: claim with evidence, status (the operator decides), resubmit, release. */
export default function Gs1Prefixes() {
  const { t, fmtDate } = useI18n();
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
            <tr key={g.id} data-testid={`gs1-${g.prefix}`}>
              <td>
                <code>{g.prefix}</code>
              </td>
              <td>
                <span data-testid="gs1-status">{t(`gs1.status.${g.status}` as MessageKey)}</span>
                {g.status === 'rejected' && g.rejection_reason ? (
                  <div className="small">{t('gs1.reason', { reason: g.rejection_reason })}</div>
                ) : null}
              </td>
              <td>
                <Evidence p={g} />
                {g.submitted_at ? (
                  <div className="muted small">{t('gs1.submitted', { date: fmtDate(g.submitted_at) })}</div>
                ) : null}
              </td>
              <td>{fmtDate(g.created_at)}</td>
              <td>
                {may && (g.status === 'rejected' || g.status === 'self_declared') ? (
                  <>
                    <button type="button" className="btn btn-small" onClick={() => setResubmitting(g.id)}>
                      {t(g.status === 'rejected' ? 'gs1.resubmit' : 'gs1.addEvidence')}
                      <span className="sr-only"> {g.prefix}</span>
                    </button>{' '}
                  </>
                ) : null}
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
      {open ? <Resubmit key={open.id} prefix={open} onDone={() => setResubmitting(null)} /> : null}
    </section>
  );
}
