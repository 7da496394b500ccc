import type { FieldErrors as FormErrors } from 'react-hook-form';
import type { FieldErrors } from './form-problem';

// A field registered as `content.ssid` is the body's `/content/ssid` (RFC 6901 escapes ~ and /).
export const pointerToName = (pointer: string): string =>
  pointer
    .split('/')
    .slice(1)
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))
    .join('.');

export const nameToPointer = (name: string): string =>
  '/' +
  name
    .split('.')
    .map((s) => s.replaceAll('~', '~0').replaceAll('/', '~1'))
    .join('/');

/** An error set by a screen with its own sentence: `setError(name, { type: TEXT, message })`. */
export const TEXT = 'text';

/**
 * react-hook-form's nested errors as the API's, by JSON pointer: the code in `type`, the server's
 * English detail in `message` (worded for people by problem-message.ts), or a screen's own sentence.
 */
export function errorsByPointer(errors: FormErrors, prefix = ''): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object' || (key === 'root' && !prefix)) continue;
    const name = prefix ? `${prefix}.${key}` : key;
    const e = value as { type?: unknown; message?: unknown };
    if (typeof e.type === 'string') {
      const pointer = nameToPointer(name);
      const detail = typeof e.message === 'string' ? e.message : '';
      out[pointer] = e.type === TEXT ? detail : { pointer, code: e.type, detail };
    } else Object.assign(out, errorsByPointer(value as FormErrors, name));
  }
  return out;
}
