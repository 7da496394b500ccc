// Stored column values ↔ JavaScript: booleans are integers on SQLite, JSON documents are text.

export const bool = (v: number | boolean | null | undefined): boolean => v === 1 || v === true;
export const flag = (v: boolean): number => (v ? 1 : 0);

export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (text == null || text === '') return fallback;
  return JSON.parse(text) as T;
}
