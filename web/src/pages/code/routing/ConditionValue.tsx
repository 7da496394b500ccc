// What one condition of a rule asks for, by its kind.
import type { ReactNode } from 'react';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/en';
import { Field } from '../../../ui/forms';
import { DEVICES, OPERATING_SYSTEMS, WEEKDAYS, type ConditionDraft } from '../content-draft';
import { Checks } from './Checks';

/** Product names, the same in every language. */
const OS_NAMES: Record<string, string> = {
  ios: 'iOS',
  ipados: 'iPadOS',
  android: 'Android',
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
  chromeos: 'ChromeOS',
  harmonyos: 'HarmonyOS',
};

export function ConditionValue({ c, set }: { c: ConditionDraft; set: (patch: Partial<ConditionDraft>) => void }) {
  const { t } = useI18n();
  const label = t(`content.kind.${c.kind}` as MessageKey);
  const text = (l: MessageKey, hint: MessageKey): ReactNode => (
    <Field label={t(l)} hint={t(hint)}>
      {(p) => <input {...p} value={c.text} onChange={(e) => set({ text: e.target.value })} />}
    </Field>
  );
  switch (c.kind) {
    case 'device':
      return (
        <Checks
          label={label}
          options={DEVICES}
          name={(o) => t(`device.${o}` as MessageKey)}
          checked={c.values}
          onChange={(values) => set({ values })}
        />
      );
    case 'os':
      return (
        <Checks
          label={label}
          options={OPERATING_SYSTEMS}
          name={(o) => OS_NAMES[o] ?? o}
          checked={c.values}
          onChange={(values) => set({ values })}
        />
      );
    case 'language':
      return text('content.langText', 'content.langHint');
    case 'country':
      return text('content.countryText', 'content.countryHint');
    case 'region':
      return text('content.regionText', 'content.regionHint');
    case 'time':
      return (
        <>
          <div className="row">
            <Field label={t('content.from')}>
              {(p) => <input {...p} type="time" value={c.from} onChange={(e) => set({ from: e.target.value })} />}
            </Field>
            <Field label={t('content.to')}>
              {(p) => <input {...p} type="time" value={c.to} onChange={(e) => set({ to: e.target.value })} />}
            </Field>
          </div>
          <Checks
            label={t('content.days')}
            options={WEEKDAYS}
            name={(o) => t(`day.${o}` as MessageKey)}
            checked={c.days}
            onChange={(days) => set({ days })}
          />
          <p className="muted small">{c.zone ? t('content.zone', { zone: c.zone }) : t('content.timeHint')}</p>
        </>
      );
    case 'query':
      return (
        <div className="row">
          <Field label={t('content.queryName')}>
            {(p) => <input {...p} value={c.name} onChange={(e) => set({ name: e.target.value })} />}
          </Field>
          <Field label={t('content.queryValue')}>
            {(p) => <input {...p} value={c.value} onChange={(e) => set({ value: e.target.value })} />}
          </Field>
        </div>
      );
  }
}
