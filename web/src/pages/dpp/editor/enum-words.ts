import { useI18n } from '../../../i18n/i18n';
import { ENUM_LABELS } from './enum-labels';

/** The label of an enumerated value in the chosen language. */
export function useEnumLabel() {
  const { lang } = useI18n();
  return (value: unknown) => ENUM_LABELS[String(value)]?.[lang === 'de' ? 1 : 0] ?? String(value);
}
