import { useI18n } from '../../../i18n/i18n';
import { getAt, type Json, type SchemaNode } from '../contract-schema';
import { useEnumLabel } from '../editor/enum-words';
import { EnumHint } from '../editor/EnumHint';
import type { Ctx } from './ctx';
import { JsonField } from './JsonField';
import { AccessTag, IssuesAt } from './marks';

/** One attribute's field, its control chosen by the contract's type, format and enum. */
export function Leaf({ node, pointer, ctx, label }: { node: SchemaNode; pointer: string[]; ctx: Ctx; label: string }) {
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
    control = <JsonField id={id} value={value} onChange={set} invalidText={t('dpp.badJson')} />;
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
