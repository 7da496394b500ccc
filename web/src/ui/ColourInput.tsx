// A colour typed as #RRGGBB with the browser's colour picker beside it, both showing one value: the
// text box takes what a brand guide says, the picker what an eye chooses.
import type { InputHTMLAttributes } from 'react';
import { useI18n } from '../i18n/i18n';
import './colour-input.css';

type Passed = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'>;

const HEX6 = /^#[0-9a-f]{6}$/i;
const HEX3 = /^#[0-9a-f]{3}$/i;

/** The picker's value for a typed colour: #abc and #AABBCC read as #aabbcc; anything else shows `unset`. */
export function pickerValue(text: string, unset: string): string {
  const v = text.trim();
  if (HEX6.test(v)) return v.toLowerCase();
  if (HEX3.test(v))
    return `#${[...v.slice(1)]
      .map((c) => c + c)
      .join('')
      .toLowerCase()}`;
  return unset;
}

export interface ColourInputProps extends Passed {
  value: string;
  onChange(value: string): void;
  /** the field's label, for the picker's own name */
  label: string;
  /** what the picker shows while the text is empty or not a colour */
  unset?: string;
}

export function ColourInput({ value, onChange, label, unset = '#000000', ...rest }: ColourInputProps) {
  const { t } = useI18n();
  return (
    <span className="colour-input">
      <input {...rest} placeholder="#RRGGBB" value={value} onChange={(e) => onChange(e.target.value)} />
      <input
        type="color"
        // Named apart from the field's label, so the label names one control (the text box).
        aria-label={t('extras.colour.pick')}
        title={label}
        value={pickerValue(value, unset)}
        onChange={(e) => onChange(e.target.value.toUpperCase())}
      />
    </span>
  );
}
