// A form generated from the passport data contract as /openapi.json publishes it: every attribute
// the contract has (including ones added later) gets a field, with its unit, its access level
// (x-access) and a required mark; no attribute is named in this file.
import { useEffect, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { issueMessage } from '../../ui/problem-message';
import { useEnumLabel } from './editor/enum-words';
import { EnumHint } from './editor/EnumHint';

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
type Json = unknown;

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

const getAt = (value: Json, pointer: string[]): Json =>
  pointer.reduce<Json>((v, k) => (v && typeof v === 'object' ? (v as Record<string, Json>)[k] : undefined), value);

interface Ctx {
  root: Record<string, SchemaNode>;
  data: Json;
  onChange(pointer: string[], v: Json): void;
  issues: Issue[];
  required: Set<string>;
}

function AccessTag({ level }: { level?: string }) {
  const { t } = useI18n();
  if (!level) return null;
  return <span className={`access access-${level}`}>{t(`dpp.access.${level}` as MessageKey)}</span>;
}

function IssuesAt({ path, issues, label }: { path: string; issues: Issue[]; label?: string }) {
  const { t, fmt, lang } = useI18n();
  const mine = issues.filter((i) => i.path === path);
  if (!mine.length) return null;
  return (
    <>
      {mine.map((i) => (
        <small
          key={i.code + i.message}
          className={i.severity === 'error' ? 'field-error' : 'field-warn'}
          data-path={path}
        >
          {issueMessage(i, { t, fmt, lang }, label)}
        </small>
      ))}
    </>
  );
}

function ArrayField({
  id,
  value,
  onChange,
  invalidText,
}: {
  id: string;
  value: Json;
  onChange(v: Json): void;
  invalidText: string;
}) {
  const [text, setText] = useState(() => (value === undefined ? '' : JSON.stringify(value, null, 2)));
  const [bad, setBad] = useState(false);
  useEffect(() => {
    if (value === undefined) setText('');
  }, [value]);
  return (
    <>
      <textarea
        id={id}
        className="json"
        value={text}
        aria-invalid={bad}
        onChange={(e) => {
          setText(e.target.value);
          if (!e.target.value.trim()) {
            setBad(false);
            return onChange(undefined);
          }
          try {
            onChange(JSON.parse(e.target.value));
            setBad(false);
          } catch {
            setBad(true);
          }
        }}
      />
      {bad ? <small className="field-error">{invalidText}</small> : null}
    </>
  );
}

function Leaf({ node, pointer, ctx, label }: { node: SchemaNode; pointer: string[]; ctx: Ctx; label: string }) {
  const { t } = useI18n();
  const enumLabel = useEnumLabel();
  const path = `/data/${pointer.join('/')}`;
  const id = `f-${pointer.join('-')}`;
  const value = getAt(ctx.data, pointer);
  const required = ctx.required.has(path);
  const hasError = ctx.issues.some((i) => i.path === path && i.severity === 'error');
  const type = Array.isArray(node.type) ? node.type.find((x) => x !== 'null') : node.type;
  const set = (v: Json) => ctx.onChange(pointer, v);
  const common = { id, 'aria-invalid': hasError, 'aria-required': required };
  let control;
  if (node.enum)
    control = (
      <select {...common} value={String(value ?? '')} onChange={(e) => set(e.target.value || undefined)}>
        <option value="">{t('app.none')}</option>
        {node.enum.map((v) => (
          <option key={String(v)} value={String(v)}>
            {enumLabel(v)}
          </option>
        ))}
      </select>
    );
  else if (type === 'boolean')
    control = (
      <select
        {...common}
        value={value === undefined ? '' : String(value)}
        onChange={(e) => set(e.target.value === '' ? undefined : e.target.value === 'true')}
      >
        <option value="">{t('app.none')}</option>
        <option value="true">{t('dpp.yes')}</option>
        <option value="false">{t('dpp.no')}</option>
      </select>
    );
  else if (type === 'number' || type === 'integer')
    control = (
      <input
        {...common}
        type="number"
        step="any"
        value={value === undefined ? '' : String(value)}
        onChange={(e) => set(e.target.value === '' ? undefined : Number(e.target.value))}
      />
    );
  else if (type === 'array' || type === 'object')
    control = <ArrayField id={id} value={value} onChange={set} invalidText={t('dpp.badJson')} />;
  else
    control = (
      <input
        {...common}
        type={node.format === 'date' ? 'date' : 'text'}
        value={String(value ?? '')}
        onChange={(e) => set(e.target.value || undefined)}
      />
    );
  return (
    <div className={`field${hasError ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {node['x-unit'] ? ` (${node['x-unit']})` : ''}
        {required ? (
          <>
            <span aria-hidden="true" className="req">
              {' '}
              *
            </span>
            <span className="sr-only"> ({t('dpp.required')})</span>
          </>
        ) : null}{' '}
        <AccessTag level={node['x-access']} />
      </label>
      {control}
      {node.description ? <small className="muted">{node.description}</small> : null}
      {type === 'array' ? <EnumHint root={ctx.root} items={node.items} /> : null}
      <IssuesAt path={path} issues={ctx.issues} label={label} />
    </div>
  );
}

function Node({ node, pointer, ctx, label }: { node: SchemaNode; pointer: string[]; ctx: Ctx; label: string }) {
  const n = resolve(ctx.root, node) ?? node;
  if (!n.properties) return <Leaf node={n} pointer={pointer} ctx={ctx} label={label} />;
  const path = `/data/${pointer.join('/')}`;
  return (
    <fieldset className="dpp-group">
      <legend>
        {label}
        {ctx.required.has(path) ? <span className="req"> *</span> : null} <AccessTag level={n['x-access']} />
      </legend>
      <IssuesAt path={path} issues={ctx.issues} label={label} />
      {Object.entries(n.properties).map(([k, child]) => (
        <Node key={k} node={child} pointer={[...pointer, k]} ctx={ctx} label={humanize(k)} />
      ))}
    </fieldset>
  );
}

/** One section of the contract (a top-level member of PassportData): a step of the passport editor. */
export function SchemaSection({
  section,
  title,
  schema,
  ...ctx
}: Ctx & { schema: SchemaNode; section: string; title?: string }) {
  const child = (resolve(ctx.root, schema) ?? schema).properties?.[section];
  if (!child) return null;
  return (
    <div className="dpp-form">
      <Node node={child} pointer={[section]} ctx={ctx} label={title ?? humanize(section)} />
    </div>
  );
}

/** The contract's sections (the top-level properties of PassportData), each a collapsible group. */
export function SchemaForm(props: Ctx & { schema: SchemaNode }) {
  const { schema, ...ctx } = props;
  const n = resolve(ctx.root, schema) ?? schema;
  return (
    <div className="dpp-form">
      {Object.entries(n.properties ?? {}).map(([k, child]) => {
        const count = ctx.issues.filter((i) => i.severity === 'error' && i.path.startsWith(`/data/${k}`)).length;
        return (
          <details key={k} open className="dpp-section">
            <summary>
              {humanize(k)}
              {count ? <span className="badge issue-count"> {count}</span> : null}
            </summary>
            <Node node={child} pointer={[k]} ctx={ctx} label={humanize(k)} />
          </details>
        );
      })}
    </div>
  );
}
