// The passport data contract as /openapi.json publishes it (JSON Schema), and the helpers that walk
// it and the data a passport holds by pointer.

export interface SchemaNode {
  type?: string | string[];
  title?: string;
  description?: string;
  format?: string;
  enum?: unknown[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  $ref?: string;
  'x-access'?: string;
  'x-unit'?: string;
}
export interface Issue {
  path: string;
  code: string;
  message: string;
  severity: 'error' | 'warning';
}
export type Json = unknown;

export function resolve(root: Record<string, SchemaNode>, node: SchemaNode | undefined): SchemaNode | undefined {
  let n = node;
  for (let i = 0; n && i < 10; i++) {
    if (n.$ref) n = root[n.$ref.split('/').pop() ?? ''];
    else if (n.anyOf ?? n.oneOf) n = (n.anyOf ?? n.oneOf)!.find((x) => x.type !== 'null') ?? n;
    else break;
    if (n && !n.$ref && !n.anyOf && !n.oneOf) break;
  }
  return n;
}

/** `batteryMass` → `Battery mass`. */
export const humanize = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/ ([A-Z])(?=[a-z])/g, (_, c: string) => ` ${c.toLowerCase()}`);

/** The value with `pointer` (`/a/b`) set, empty values removed so the draft stays minimal. */
export function setAt(value: Json, pointer: string[], v: Json): Json {
  if (!pointer.length) return v;
  const [head, ...rest] = pointer;
  const obj = value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, Json>) } : {};
  const next = setAt(obj[head], rest, v);
  const empty =
    next === undefined ||
    next === '' ||
    (next && typeof next === 'object' && !Array.isArray(next) && Object.keys(next).length === 0);
  if (empty) delete obj[head];
  else obj[head] = next;
  return obj;
}

export const getAt = (value: Json, pointer: string[]): Json =>
  pointer.reduce<Json>((v, k) => (v && typeof v === 'object' ? (v as Record<string, Json>)[k] : undefined), value);
