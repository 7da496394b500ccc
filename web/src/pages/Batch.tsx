import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useCodeWrites } from '../api/hooks/codes/use-code-writes';
import { useI18n } from '../i18n/i18n';
import { Field, ProblemAlert, useProblemMessage, useSubmit } from '../ui/forms';
import { parseCsv } from './csv';

const TARGETS = ['url', 'title', 'tags'] as const;
type Target = (typeof TARGETS)[number];

export function Batch() {
  const { t } = useI18n();
  const words = useProblemMessage();
  const writes = useCodeWrites();
  const [rows, setRows] = useState<string[][]>([]);
  const [mapping, setMapping] = useState<Record<Target, number>>({ url: -1, title: -1, tags: -1 });
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
    const h = (parsed[0] ?? []).map((s) => s.trim().toLowerCase());
    setMapping({
      url: h.findIndex((x) => x === 'url' || x === 'destination'),
      title: h.findIndex((x) => x === 'title' || x === 'name'),
      tags: h.findIndex((x) => x === 'tags'),
    });
  };
  const codes = useMemo(
    () =>
      data.map((r) => ({
        type: 'url',
        dynamic,
        url: mapping.url >= 0 ? (r[mapping.url] ?? '').trim() : '',
        ...(mapping.title >= 0 && r[mapping.title]?.trim() ? { title: r[mapping.title].trim() } : {}),
        ...(mapping.tags >= 0 && r[mapping.tags]?.trim()
          ? {
              tags: r[mapping.tags]
                .split('|')
                .map((s) => s.trim())
                .filter(Boolean),
            }
          : {}),
      })),
    [data, mapping, dynamic],
  );
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
          <div className="row">
            {TARGETS.map((target) => (
              <Field key={target} label={t(`batch.field.${target}`)}>
                {(p) => (
                  <select
                    {...p}
                    value={mapping[target]}
                    onChange={(e) => setMapping({ ...mapping, [target]: Number(e.target.value) })}
                  >
                    <option value={-1}>{t('batch.ignore')}</option>
                    {header.map((h, i) => (
                      <option key={i} value={i}>
                        {h}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            ))}
          </div>
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
          <table className="table" data-testid="batch-preview">
            <thead>
              <tr>
                <th scope="col">{t('batch.row')}</th>
                <th scope="col">{t('batch.field.url')}</th>
                <th scope="col">{t('batch.field.title')}</th>
                <th scope="col">{t('batch.field.tags')}</th>
                <th scope="col">
                  <span className="sr-only">{t('app.error')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {codes.slice(0, 200).map((c, i) => (
                <tr key={i} className={rowErrors.has(i) ? 'row-invalid' : ''}>
                  <td>{i + 1}</td>
                  <td className="ellipsis">{c.url}</td>
                  <td>{c.title ?? ''}</td>
                  <td>{c.tags?.join(', ') ?? ''}</td>
                  <td className="field-error" data-row-error={i}>
                    {rowErrors.get(i)?.join('; ') ?? ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
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
