// The request-body validators of sdk/src/forms/bodies.ts, generated from the same OpenAPI document
// as sdk/src/schema.ts (npm run sdk:types), so a dashboard form checks a body by the server's rules.
// Ajv compiles them here and writes plain functions (its standalone code): nothing of Ajv ships to
// the browser, and no validator is compiled at run time, which the dashboard's CSP
// (`script-src 'self'`, no 'unsafe-eval') would refuse anyway.
import { Ajv, _ } from 'ajv';
import standaloneModule from 'ajv/dist/standalone/index.js';
import formatsModule, { type FormatsPlugin } from 'ajv-formats';
import { fastFormats } from 'ajv-formats/dist/formats.js';
import ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js';

// CommonJS modules: under NodeNext their default import is the module object.
const standaloneCode = (standaloneModule as unknown as { default: (ajv: Ajv, refs: Record<string, string>) => string })
  .default;
const addFormats = (formatsModule as unknown as { default: FormatsPlugin }).default;
const ucs2length = (ucs2lengthModule as unknown as { default: (s: string) => number }).default;

/**
 * Bodies left out: a passport's `data` is checked against its data contract by the passport editor
 * (and each of the three compiles to about 300 KB of code).
 */
const SKIPPED = new Set(['createPassport', 'validatePassport', 'createModelPassport']);

interface Operation {
  operationId?: string;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

/** Every operation with a JSON body, by operationId, sorted. */
function jsonBodies(doc: Document): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const item of Object.values(doc.paths))
    for (const op of Object.values(item)) {
      const schema = op?.requestBody?.content?.['application/json']?.schema;
      if (schema && op.operationId && !SKIPPED.has(op.operationId)) out.push([op.operationId, schema]);
    }
  return out.sort(([a], [b]) => a.localeCompare(b));
}

/** `#/components/schemas/X` refs inlined: the exported schema reads on its own. */
function inline(schema: unknown, components: Record<string, unknown>, seen: string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((s) => inline(s, components, seen));
  if (typeof schema !== 'object' || schema === null) return schema;
  const { $ref, ...rest } = schema as Record<string, unknown>;
  if (typeof $ref === 'string' && $ref.startsWith('#/components/schemas/')) {
    const name = $ref.slice('#/components/schemas/'.length);
    if (seen.includes(name)) throw new Error(`recursive schema ${name}: cannot inline it`);
    return { ...(inline(components[name], components, [...seen, name]) as object), ...rest };
  }
  return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, inline(v, components, seen)]));
}

/** The formats the bodies use, as Ajv's standalone code refers to them (`FORMATS.email`). */
function formatsSource(used: string[]): string {
  const all = fastFormats as Record<string, RegExp | { validate: RegExp }>;
  const entries = used.map((name) => {
    const f = all[name];
    if (!f) throw new Error(`format ${name} is not one of ajv-formats' fast formats`);
    return `  ${JSON.stringify(name)}: ${f instanceof RegExp ? String(f) : `{ validate: ${String(f.validate)} }`},\n`;
  });
  return `const FORMATS = {\n${entries.join('')}};\n`;
}

export function generateRequestBodies(doc: Document, header: string): string {
  const bodies = jsonBodies(doc);
  // The fast formats (regular expressions only): a form may let through a date the server's
  // full check refuses (30 February), never the other way round; the server's 422 still says so.
  const ajv = new Ajv({ allErrors: true, strict: false, code: { source: true, esm: true, formats: _`FORMATS` } });
  addFormats(ajv, { mode: 'fast' });
  ajv.addSchema({ $id: 'components', components: doc.components });
  const refs: Record<string, string> = {};
  for (const [id, schema] of bodies) {
    const relinked = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"components#/components/'));
    ajv.addSchema({ ...relinked, $id: `body-${id}` });
    refs[`validate_${id}`] = `body-${id}`;
  }
  let code = standaloneCode(ajv, refs).replace(/^"use strict";\n?/, '');
  code = code.replaceAll('require("ajv/dist/runtime/ucs2length").default', 'ucs2length');
  if (/require\(/.test(code))
    throw new Error(`the validators need a module at run time: ${/require\([^)]*\)/.exec(code)?.[0]}`);
  const used = [...new Set([...code.matchAll(/FORMATS(?:\.([\w$]+)|\["([^"]+)"\])/g)].map((m) => m[1] ?? m[2]))].sort();
  code = code.replace(/export const (validate_\w+) = (\w+);/g, 'const $1 = $2;\n');
  const exports = bodies
    .map(
      ([id, schema]) =>
        `/** The body of \`${id}\`. */\nexport const ${id}: RequestBody<'${id}'> = {\n  operationId: '${id}',\n  schema: ${JSON.stringify(inline(schema, doc.components.schemas))},\n  validate: validate_${id},\n};\n`,
    )
    .join('');
  return (
    `// @ts-nocheck: Ajv's standalone code, typed by the annotations of the exports below.\n${header}` +
    `import type { RequestBody } from './request-body.js';\n\n` +
    `// Ajv's own (ajv/dist/runtime/ucs2length): a string's length in code points, as the server counts it.\n` +
    `const ucs2length = ${ucs2length.toString()};\n` +
    formatsSource(used) +
    code +
    '\n' +
    exports
  );
}
