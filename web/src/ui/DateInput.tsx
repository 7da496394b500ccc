// A day typed as the chosen language writes it (27.10.2026, 10/27/2026). Chromium's
// <input type=date> follows the browser's locale, not the page's language (docs/decisions.md D35),
// so a German page in an English browser showed mm/dd/yyyy.
import { useEffect, useState, type InputHTMLAttributes } from 'react';
import { useI18n } from '../i18n/i18n';
import { dayPattern, parseDay } from '../i18n/format';

type Passed = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'min' | 'max'>;

export interface DateInputProps extends Passed {
  /** YYYY-MM-DD, or '' for none. */
  value: string;
  onChange(isoDay: string): void;
  min?: string;
  max?: string;
}

/** The pattern people see as a placeholder: TT.MM.JJJJ, MM/DD/YYYY. */
export function usePlaceholder(): string {
  const { t, lang } = useI18n();
  const p = dayPattern(lang);
  const names = { day: t('input.day'), month: t('input.month'), year: t('input.year') };
  return p.order.map((f) => names[f]).join(p.separator);
}

export function DateInput({ value, onChange, min, max, onBlur, ...rest }: DateInputProps) {
  const { t, lang, fmt } = useI18n();
  const placeholder = usePlaceholder();
  const shown = (iso: string) => (iso ? fmt.day(iso) : '');
  const [text, setText] = useState(() => shown(value));
  const [bad, setBad] = useState(false);
  // A new value from outside (or a new language) rewrites the text; typing does not.
  useEffect(() => {
    setText(value ? fmt.day(value) : '');
    setBad(false);
  }, [value, fmt]);
  const accept = (raw: string, final: boolean) => {
    // While typing, wait for a four-digit year: "27.10.2" is not yet the year 2002.
    if (!final && !/\d{4}/.test(raw)) return;
    const iso = parseDay(raw, lang);
    const inRange = iso && (!min || iso >= min) && (!max || iso <= max);
    if (iso && inRange) {
      setBad(false);
      if (iso !== value) onChange(iso);
      else if (final) setText(shown(iso));
    } else if (final) setBad(raw.trim() !== '');
  };
  const example = fmt.day('2026-10-27');
  const invalid = bad || rest['aria-invalid'] === true;
  return (
    <>
      <input
        {...rest}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={placeholder}
        value={text}
        aria-invalid={invalid}
        onChange={(e) => {
          setText(e.target.value);
          accept(e.target.value, false);
        }}
        onBlur={(e) => {
          accept(e.target.value, true);
          onBlur?.(e);
        }}
        data-date-input=""
      />
      {bad ? (
        <small className="field-error" role="status">
          {t('input.dayInvalid', { example })}
        </small>
      ) : null}
    </>
  );
}
