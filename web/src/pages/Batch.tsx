import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useCodeWrites } from '../api/hooks/codes/use-code-writes';
import { useI18n } from '../i18n/i18n';
import { Field, ProblemAlert, useProblemMessage, useSubmit } from '../ui/forms';
import { parseCsv } from './csv';
import { BatchPreview } from './batch/BatchPreview';
import { codesOf, guessMapping, type ColumnMapping as Mapping } from './batch/batch-rows';
import { ColumnMapping } from './batch/ColumnMapping';

export function Batch() {
  const { t } = useI18n();
  const words = useProblemMessage();
  const writes = useCodeWrites();
  const [rows, setRows] = useState<string[][]>([]);
  const [mapping, setMapping] = useState<Mapping>({ url: -1, title: -1, tags: -1 });
  const [dynamic, setDynamic] = useState(true);
  const [created, setCreated] = useState<number | null>(null);
  // A second click (a double click, or Enter pressed twice) before React re-renders the disabled
  // button would send the file again and create every code twice; one send per file.
  const sending = useRef(false);
  const header = rows[0] ?? [];
  const data = rows.slice(1);
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const parsed = parseCsv(await file.text());
    setRows(parsed);
    setCreated(null);
    sending.current = false;
    setMapping(guessMapping(parsed[0] ?? []));
  };
  const codes = useMemo(() => codesOf(data, mapping, dynamic), [data, mapping, dynamic]);
  const submit = useSubmit(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      setCreated((await writes.createBatch(codes)).length);
    } catch (err) {
      sending.current = false; // refused: nothing was created, the fixed rows may be sent again
      throw err;
    }
  });
  /** /codes/3/url → row 3's message; rows keep what was uploaded so they can be fixed and resent. */
  const rowErrors = useMemo(() => {
    const m = new Map<number, string[]>();
    const problem = submit.problem;
    if (!problem) return m;
    for (const e of words(problem).errors) {
      const hit = /^\/codes\/(\d+)(\/.*)?$/.exec(e.pointer);
      if (hit) m.set(Number(hit[1]), [...(m.get(Number(hit[1])) ?? []), e.message]);
    }
    return m;
  }, [submit.problem, words]);
  return (
    <section>
      <h1>{t('batch.title')}</h1>
      {created !== null ? (
        <p role="status" className="alert alert-ok">
          {t('batch.created', { n: created })} <Link to="/codes">{t('nav.codes')}</Link>
        </p>
      ) : null}
      <Field label={t('batch.file')} hint={t('batch.fileHint')}>
        {(p) => <input {...p} type="file" accept=".csv,text/csv" onChange={(e) => void onFile(e.target.files?.[0])} />}
      </Field>
      {rows.length > 0 ? (
        <>
          <h2>{t('batch.map')}</h2>
          <ColumnMapping header={header} mapping={mapping} onChange={setMapping} />
          <div className="field check">
            <label>
              <input type="checkbox" checked={dynamic} onChange={(e) => setDynamic(e.target.checked)} />{' '}
              {t('batch.dynamic')}
            </label>
          </div>
          {submit.problem && rowErrors.size ? (
            <div className="alert alert-error" role="alert">
              <p>{t('batch.rowErrors', { n: submit.problem.errors?.length ?? 0 })}</p>
            </div>
          ) : null}
          {submit.problem && !rowErrors.size ? <ProblemAlert problem={submit.problem} /> : null}
          <h2>{t('batch.preview')}</h2>
          <BatchPreview codes={codes} rowErrors={rowErrors} />
          <button
            type="button"
            className="btn btn-primary"
            disabled={submit.busy || codes.length === 0 || created !== null}
            onClick={() => void submit.run()}
          >
            {t('batch.submit', { n: codes.length })}
          </button>
        </>
      ) : null}
    </section>
  );
}
