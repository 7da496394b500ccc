// The shape of one validation finding, shared by the schema mapping and the passport rules.
export type Severity = 'error' | 'warning';

export interface Issue {
  /** JSON pointer into the request body. */
  path: string;
  /** Stable machine code, documented in docs/dpp.md. */
  code: string;
  message: string;
  severity: Severity;
}

export const error = (path: string, code: string, message: string): Issue => ({
  path,
  code,
  message,
  severity: 'error',
});

export const warning = (path: string, code: string, message: string): Issue => ({
  path,
  code,
  message,
  severity: 'warning',
});

/** The value at a JSON pointer, or undefined when any step is missing or not a container. */
export function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const raw of pointer.split('/').slice(1)) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);
