// A time of day typed as 17:30 (or 17.30), 24-hour in every language: Chromium's <input type=time>
// follows the browser's locale like its date input (DateInput.tsx), so an English browser showed a
// German page "05:30 PM".
import { useEffect, useState, type InputHTMLAttributes } from 'react';
import { useI18n } from '../i18n/i18n';

type Passed = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'>;

/** "9:05", "09.05" → "09:05"; null when it is not a time of day. */
export function parseTime(raw: string): string | null {
  const m = /^\s*([01]?\d|2[0-3])[:.]([0-5]\d)\s*$/.exec(raw);
  return m ? `${m[1].padStart(2, '0')}:${m[2]}` : null;
}

export function TimeInput({
  value,
  onChange,
  onBlur,
  ...rest
}: Passed & { value: string; onChange(hhmm: string): void }) {
  const { t } = useI18n();
  const [text, setText] = useState(value);
  const [bad, setBad] = useState(false);
  useEffect(() => {
    setText(value);
    setBad(false);
  }, [value]);
  return (
    <>
      <input
        {...rest}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="17:30"
        value={text}
        aria-invalid={bad || rest['aria-invalid'] === true}
        onChange={(e) => {
          setText(e.target.value);
          const hhmm = parseTime(e.target.value);
          if (hhmm) {
            setBad(false);
            if (hhmm !== value) onChange(hhmm);
          }
        }}
        onBlur={(e) => {
          setBad(e.target.value.trim() !== '' && !parseTime(e.target.value));
          onBlur?.(e);
        }}
      />
      {bad ? (
        <small className="field-error" role="status">
          {t('extras.time.invalid')}
        </small>
      ) : null}
    </>
  );
}
