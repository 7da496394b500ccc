// The passport's identity (GTIN, serial, lot, category) and battery status, above the steps.
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/en';
import { issueMessage } from '../../../ui/problem-message';
import { CATEGORIES } from '../categories';
import type { Issue } from '../contract-schema';
import type { Head } from './use-draft';

const BATTERY_STATUSES = ['original', 'repurposed', 'reused', 'remanufactured', 'waste'];

interface Props {
  head: Head;
  locked: boolean;
  issues: Issue[];
  onChange(k: keyof Head, v: string): void;
}

export function PassportHead({ head, locked, issues, onChange }: Props) {
  const { t, fmt, lang } = useI18n();
  const set = (k: keyof Head) => (e: { target: { value: string } }) => onChange(k, e.target.value);
  const problems = (k: keyof Head, label: string) =>
    issues
      .filter((i) => i.path === `/${k}`)
      .map((i) => (
        <small key={i.code} className="field-error" data-path={`/${k}`}>
          {issueMessage(i, { t, fmt, lang }, label)}
        </small>
      ));
  const text = (k: 'gtin' | 'serial' | 'lot', label: string) => (
    <div className="field">
      <label htmlFor={`dpp-${k}`}>{label}</label>
      <input
        id={`dpp-${k}`}
        value={head[k]}
        disabled={locked}
        inputMode={k === 'gtin' ? 'numeric' : undefined}
        aria-invalid={issues.some((i) => i.path === `/${k}`)}
        onChange={set(k)}
      />
      {problems(k, label)}
    </div>
  );
  const choice = (k: 'category' | 'battery_status', id: string, label: string, values: readonly string[]) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={head[k]} disabled={locked && k === 'category'} onChange={set(k)}>
        {values.map((c) => (
          <option key={c} value={c}>
            {t(`dppx.${k === 'category' ? 'category' : 'batteryStatus'}.${c}` as MessageKey)}
          </option>
        ))}
      </select>
      {problems(k, label)}
    </div>
  );
  return (
    <div className="dpp-head">
      {text('gtin', t('dpp.gtin'))}
      {text('serial', t('dpp.serial'))}
      {text('lot', t('dpp.lot'))}
      {choice('category', 'dpp-category', t('dpp.category'), CATEGORIES)}
      {choice('battery_status', 'dpp-bstatus', t('dpp.batteryStatus'), BATTERY_STATUSES)}
    </div>
  );
}
