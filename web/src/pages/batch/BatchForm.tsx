// The batch form on useApiForm: the column mapping and the dynamic switch are its values, and the
// codes the rows make are its body, checked by the API's schema (createCodesBatch) before sending.
// A row's problem names no field of this form, so it is left to the server's answer, which names
// the rows (use-api-form.ts).
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { createCodesBatch } from '@qrs/sdk/forms';
import { useCodeWrites } from '../../api/hooks/codes/use-code-writes';
import { useI18n } from '../../i18n/i18n';
import { Field, ProblemAlert, useProblemMessage } from '../../ui/forms';
import { useApiForm } from '../../ui/use-api-form';
import { parseCsv } from '../csv';
import { BatchPreview } from './BatchPreview';
import { codesOf, guessMapping, type ColumnMapping as Mapping } from './batch-rows';
import { ColumnMapping } from './ColumnMapping';

interface BatchValues {
  mapping: Mapping;
  dynamic: boolean;
}

export function BatchForm() {
  const { t } = useI18n();
  const words = useProblemMessage();
  const writes = useCodeWrites();
  const [rows, setRows] = useState<string[][]>([]);
  const [created, setCreated] = useState<number | null>(null);
  // A second click (a double click, or Enter pressed twice) before React re-renders the disabled
  // button would send the file again and create every code twice; one send per file.
  const sending = useRef(false);
  const header = rows[0] ?? [];
  const data = rows.slice(1);
  const form = useApiForm<BatchValues, { codes: ReturnType<typeof codesOf> }>({
    body: createCodesBatch,
    defaults: { mapping: { url: -1, title: -1, tags: -1 }, dynamic: true },
    toBody: (v) => ({ codes: codesOf(data, v.mapping, v.dynamic) }),
  });
  const mapping = form.watch('mapping');
  const dynamic = form.watch('dynamic');
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const parsed = parseCsv(await file.text());
    setRows(parsed);
    setCreated(null);
    sending.current = false;
    form.setValue('mapping', guessMapping(parsed[0] ?? []));
  };
  const codes = useMemo(() => codesOf(data, mapping, dynamic), [data, mapping, dynamic]);
  const send = form.submit(async (body) => {
    if (sending.current) return;
    sending.current = true;
    try {
      setCreated((await writes.createBatch(body.codes)).length);
    } catch (err) {
      sending.current = false; // refused: nothing was created, the fixed rows may be sent again
      throw err;
    }
  });
  const problem = form.problem;
  /** /codes/3/url → row 3's message; rows keep what was uploaded so they can be fixed and resent. */
  const rowErrors = useMemo(() => {
    const m = new Map<number, string[]>();
    if (!problem) return m;
    for (const e of words(problem).errors) {
      const hit = /^\/codes\/(\d+)(\/.*)?$/.exec(e.pointer);
      if (hit) m.set(Number(hit[1]), [...(m.get(Number(hit[1])) ?? []), e.message]);
    }
    return m;
  }, [problem, words]);
  return (
    <>
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
          <ColumnMapping header={header} mapping={mapping} onChange={(m) => form.setValue('mapping', m)} />
          <div className="field check">
            <label>
              <input type="checkbox" {...form.register('dynamic')} /> {t('batch.dynamic')}
            </label>
          </div>
          {problem && rowErrors.size ? (
            <div className="alert alert-error" role="alert">
              <p>{t('batch.rowErrors', { n: problem.errors?.length ?? 0 })}</p>
            </div>
          ) : null}
          {problem && !rowErrors.size ? <ProblemAlert problem={problem} /> : null}
          <h2>{t('batch.preview')}</h2>
          <BatchPreview codes={codes} rowErrors={rowErrors} />
          <button
            type="button"
            className="btn btn-primary"
            disabled={form.busy || codes.length === 0 || created !== null}
            onClick={() => void send()}
          >
            {t('batch.submit', { n: codes.length })}
          </button>
        </>
      ) : null}
    </>
  );
}
