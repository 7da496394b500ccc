import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { ProblemAlert, saveBlob, useSubmit } from '../../ui/forms';
import { SchemaForm, setAt, type Issue, type SchemaNode } from './schema-form';
import { PassportGrants, PassportVersions } from './passport-panels';
import { PublicationCard } from './PublicationCard';
import { PassportReadings } from './PassportReadings';
import { FromModelNote, ModelOfGtin } from './model-link';
import { useModelPassport } from '../../api/hooks/passportModels';
import { CATEGORIES } from './categories';
import './dpp.css';
import { mergePatch } from './merge-patch';
import { issueMessage } from '../../ui/problem-message';
import {
  useContractSchemas,
  usePassport,
  usePassportCheck,
  usePassportDownloads,
  usePassportRequired,
  usePassportWrites,
} from '../../api/hooks/passports';

const BATTERY_STATUSES = ['original', 'repurposed', 'reused', 'remanufactured', 'waste'];

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const h = setTimeout(() => setV(value), ms);
    return () => clearTimeout(h);
  }, [value, ms]);
  return v;
}

function QrDownloads({ id, name }: { id: string; name: string }) {
  const { t } = useI18n();
  const downloads = usePassportDownloads();
  const dl = useSubmit(async (fmt: 'svg' | 'png' | 'pdf' | 'eps') => {
    saveBlob(await downloads.qr(id, fmt), `${name}.${fmt}`);
  });
  return (
    <div className="downloads" role="group" aria-label={t('edit.downloads')}>
      <span>{t('edit.downloads')}:</span>
      {(['svg', 'png', 'pdf', 'eps'] as const).map((f) => (
        <button key={f} type="button" className="btn btn-small" onClick={() => void dl.run(f)}>
          {f.toUpperCase()}
        </button>
      ))}
      <ProblemAlert problem={dl.problem} />
    </div>
  );
}

export default function PassportEditor() {
  const { id } = useParams();
  const { t, fmt, lang } = useI18n();
  const writes = usePassportWrites();
  const navigate = useNavigate();
  const schemas = useContractSchemas<SchemaNode>();
  const passport = usePassport(id);
  const p = passport.data;
  // "New battery of this model": GTIN, category and the model's data to start from.
  const modelId = useSearchParams()[0].get('model');
  const model = useModelPassport(id ? null : modelId).data;
  const [head, setHead] = useState({ gtin: '', serial: '', lot: '', category: 'ev', battery_status: 'original' });
  const [data, setData] = useState<unknown>({});
  const [pasted, setPasted] = useState('');
  const [importBad, setImportBad] = useState(false);
  useEffect(() => {
    if (!p) return;
    setHead({
      gtin: p.gtin,
      serial: p.serial,
      lot: p.lot ?? '',
      category: p.category,
      battery_status: p.battery_status,
    });
    setData(p.data);
  }, [p]);
  useEffect(() => {
    if (!model) return;
    setHead((h) => ({ ...h, gtin: model.gtin, category: model.category }));
    setData(model.data);
  }, [model]);
  const draftBody = useMemo(
    () => ({
      gtin: head.gtin,
      serial: head.serial,
      ...(head.lot ? { lot: head.lot } : {}),
      category: head.category,
      battery_status: head.battery_status,
      data,
    }),
    [head, data],
  );
  // Validation as the user types, debounced, through the server's own validator.
  const debounced = useDebounced(draftBody, 400);
  const check = usePassportCheck(debounced);
  // Required attributes: what the validator calls missing in an empty passport of this category.
  const requiredQ = usePassportRequired(head.category);
  const required = useMemo(
    () => new Set((requiredQ.data?.errors ?? []).filter((i) => i.code === 'required').map((i) => i.path)),
    [requiredQ.data],
  );
  const issues: Issue[] = [...(check.data?.errors ?? []), ...(check.data?.warnings ?? [])] as Issue[];
  const save = useSubmit(async () => {
    if (id) {
      // The passport, its versions and the list all change.
      await writes.update(id, { battery_status: head.battery_status, data: mergePatch(p?.data ?? {}, data) });
    } else {
      const created = await writes.create(draftBody);
      void navigate(`/passports/${created.id}`);
    }
  });
  if (passport.error instanceof ApiError) return <ProblemAlert problem={passport.error.problem} />;
  if (schemas.error instanceof ApiError) return <ProblemAlert problem={schemas.error.problem} />;
  if ((id && !p) || !schemas.data) return <p>{t('app.loading')}</p>;
  const setH = (k: keyof typeof head) => (e: { target: { value: string } }) =>
    setHead((h) => ({ ...h, [k]: e.target.value }));
  const headIssue = (k: string) =>
    issues
      .filter((i) => i.path === `/${k}`)
      .map((i) => (
        <small key={i.code} className="field-error" data-path={`/${k}`}>
          {issueMessage(i, { t, fmt, lang })}
        </small>
      ));
  const locked = !!id;
  const importJson = () => {
    try {
      const j = JSON.parse(pasted) as Partial<typeof head> & { data?: unknown };
      setImportBad(false);
      if (!locked)
        setHead((h) => ({
          gtin: j.gtin ?? h.gtin,
          serial: j.serial ?? h.serial,
          lot: j.lot ?? h.lot,
          category: j.category ?? h.category,
          battery_status: j.battery_status ?? h.battery_status,
        }));
      if (j.data && typeof j.data === 'object') setData(j.data);
    } catch {
      setImportBad(true);
    }
  };
  return (
    <section>
      <div className="page-head">
        <h1>{p ? `${t('dpp.passport')} ${p.gtin} / ${p.serial}` : t('dpp.new')}</h1>
        <Link className="btn" to="/passports">
          {t('dpp.title')}
        </Link>
      </div>
      {p ? (
        <PublicationCard
          passport={p}
          confirm={{ publish: t('dpp.publishConfirm'), archive: t('dpp.archiveConfirm') }}
          onAct={(what) => (what === 'publish' ? writes.publish(p.id) : writes.archive(p.id))}
        >
          <ModelOfGtin gtin={p.gtin} />
          <QrDownloads id={p.id} name={`dpp-${p.gtin}-${p.serial}`} />
        </PublicationCard>
      ) : null}
      {model ? <FromModelNote model={model} /> : null}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save.run();
        }}
      >
        <ProblemAlert problem={save.problem} fields={save.fields} />
        <p className="muted small" role="status" data-testid="validation-summary">
          {check.data
            ? check.data.valid
              ? t('dpp.valid', { w: check.data.summary.warnings })
              : t('dpp.invalid', { e: check.data.summary.errors, w: check.data.summary.warnings })
            : t('app.loading')}
        </p>
        <div className="dpp-head">
          <div className="field">
            <label htmlFor="dpp-gtin">{t('dpp.gtin')}</label>
            <input id="dpp-gtin" value={head.gtin} disabled={locked} inputMode="numeric" onChange={setH('gtin')} />
            {headIssue('gtin')}
          </div>
          <div className="field">
            <label htmlFor="dpp-serial">{t('dpp.serial')}</label>
            <input id="dpp-serial" value={head.serial} disabled={locked} onChange={setH('serial')} />
            {headIssue('serial')}
          </div>
          <div className="field">
            <label htmlFor="dpp-lot">{t('dpp.lot')}</label>
            <input id="dpp-lot" value={head.lot} disabled={locked} onChange={setH('lot')} />
            {headIssue('lot')}
          </div>
          <div className="field">
            <label htmlFor="dpp-category">{t('dpp.category')}</label>
            <select id="dpp-category" value={head.category} disabled={locked} onChange={setH('category')}>
              {CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`dppx.category.${c}` as MessageKey)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="dpp-bstatus">{t('dpp.batteryStatus')}</label>
            <select id="dpp-bstatus" value={head.battery_status} onChange={setH('battery_status')}>
              {BATTERY_STATUSES.map((c) => (
                <option key={c} value={c}>
                  {t(`dppx.batteryStatus.${c}` as MessageKey)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <details className="dpp-import">
          <summary>{t('dpp.import')}</summary>
          <div className="field">
            <label htmlFor="dpp-import">{t('dpp.importLabel')}</label>
            <textarea
              id="dpp-import"
              className="json"
              value={pasted}
              aria-invalid={importBad}
              onChange={(e) => setPasted(e.target.value)}
            />
            {importBad ? <small className="field-error">{t('dpp.badJson')}</small> : null}
          </div>
          <button type="button" className="btn btn-small" onClick={importJson}>
            {t('dpp.importButton')}
          </button>
        </details>
        <p className="muted small">{t('dpp.legend')}</p>
        <SchemaForm
          root={schemas.data}
          schema={schemas.data.PassportData ?? { $ref: 'PassportData' }}
          data={data}
          issues={issues}
          required={required}
          onChange={(pointer, v) => setData((d: unknown) => setAt(d, pointer, v))}
        />
        <button className="btn btn-primary" disabled={save.busy}>
          {id ? t('dpp.saveVersion') : t('dpp.create')}
        </button>
      </form>
      {p ? <PassportReadings passport={p} /> : null}
      {p ? <PassportVersions id={p.id} /> : null}
      {p ? <PassportGrants id={p.id} /> : null}
    </section>
  );
}
