// What one condition of a rule asks for, by its kind.
import type { ReactNode } from 'react';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/en';
import { Field } from '../../../ui/forms';
import { DEVICES, OPERATING_SYSTEMS, WEEKDAYS, type ConditionDraft } from '../content-draft';
import type { EditorForm } from '../editor-form';
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

/** A condition's place in the form: `rules.N.conditions.K`. */
type Name = `rules.${number}.conditions.${number}`;

export function ConditionValue({ form, name, c }: { form: EditorForm; name: Name; c: ConditionDraft }) {
  const { t } = useI18n();
  const label = t(`content.kind.${c.kind}` as MessageKey);
  const text = (l: MessageKey, hint: MessageKey): ReactNode => (
    <Field label={t(l)} hint={t(hint)}>
      {(p) => <input {...p} {...form.register(`${name}.text`)} />}
    </Field>
  );
  const checks = (field: 'values' | 'days', l: string, options: readonly string[], word: (o: string) => string) => (
    <Checks label={l} control={form.control} name={`${name}.${field}`} options={options} word={word} />
  );
  switch (c.kind) {
    case 'device':
      return checks('values', label, DEVICES, (o) => t(`device.${o}` as MessageKey));
    case 'os':
      return checks('values', label, OPERATING_SYSTEMS, (o) => OS_NAMES[o] ?? o);
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
              {(p) => <input {...p} type="time" {...form.register(`${name}.from`)} />}
            </Field>
            <Field label={t('content.to')}>
              {(p) => <input {...p} type="time" {...form.register(`${name}.to`)} />}
            </Field>
          </div>
          {checks('days', t('content.days'), WEEKDAYS, (o) => t(`day.${o}` as MessageKey))}
          <p className="muted small">{c.zone ? t('content.zone', { zone: c.zone }) : t('content.timeHint')}</p>
        </>
      );
    case 'query':
      return (
        <div className="row">
          <Field label={t('content.queryName')}>{(p) => <input {...p} {...form.register(`${name}.name`)} />}</Field>
          <Field label={t('content.queryValue')}>{(p) => <input {...p} {...form.register(`${name}.value`)} />}</Field>
        </div>
      );
  }
}
