// Request fields several features share (organizations, workspaces, members, users, API keys):
// names, e-mail addresses, slugs and settings objects, and the 422 a unique value gets when taken.
import { Type } from 'typebox';
import { invalidField } from './errors.js';
import { isUniqueViolation } from '../db/unique-violation.js';

/** docs/decisions.md D5: 2 to 63 characters, a-z 0-9 and hyphen. Workspaces use the same rule. */
export const Slug = Type.String({ minLength: 2, maxLength: 63, pattern: '^[a-z0-9-]+$', examples: ['acme'] });
/** Display names: up to 255 characters and not blank. */
export const Name = Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' });
export const Email = Type.String({ format: 'email', maxLength: 254 });
/** Free-form settings objects; size is checked in the service (SETTINGS_MAX_BYTES). */
export const Settings = Type.Record(Type.String(), Type.Unknown());
export const SETTINGS_MAX_BYTES = 16 * 1024;

/** Settings are stored as JSON text; a cap keeps one tenant from storing megabytes per row. */
export function settingsText(value: Record<string, unknown>, pointer = '/settings'): string {
  const text = JSON.stringify(value);
  if (Buffer.byteLength(text) > SETTINGS_MAX_BYTES)
    throw invalidField(pointer, `must be at most ${SETTINGS_MAX_BYTES} bytes as JSON`, 'maxBytes');
  return text;
}

export const taken = (pointer: string) => invalidField(pointer, 'is already taken', 'taken');

/**
 * Runs a write whose unique index may lose a race against a concurrent twin; the pre-check in the
 * service gives the same answer in the common case, this maps the rare race to the same 422.
 */
export async function uniqueAs<T>(pointer: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw taken(pointer);
    throw err;
  }
}
