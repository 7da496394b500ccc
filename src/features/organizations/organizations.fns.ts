import { invalidField } from '../../http/errors.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { SETTINGS_MAX_BYTES } from './organizations.schemas.js';

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
