// A form generated from the passport data contract as /openapi.json publishes it: every attribute
// the contract has (including ones added later) gets a field, with its unit, its access level
// (x-access) and a required mark; no attribute is named in this file.
import { humanize, resolve, type SchemaNode } from './contract-schema';
import type { Ctx } from './schema-form/ctx';
import { Leaf } from './schema-form/Leaf';
import { AccessTag, IssuesAt } from './schema-form/marks';

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
