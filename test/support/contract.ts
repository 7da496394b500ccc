// The contract test: every response a test receives through app.inject is checked against the
// OpenAPI document the app serves (status declared, content type declared, JSON body valid against
// its schema, required headers present). createHarness wires it in, so the whole suite runs it.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';

type Obj = Record<string, any>;
interface Route {
  path: string;
  pattern: RegExp;
  params: number;
  item: Obj;
}

export class Contract {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  private readonly routes: Route[];
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly doc: Obj) {
    (addFormats as unknown as (a: Ajv2020) => void)(this.ajv);
    this.ajv.addSchema({ $id: 'openapi', components: doc.components, paths: doc.paths }, 'openapi');
    this.routes = Object.entries(doc.paths as Obj)
      .map(([path, item]) => ({
        path,
        item,
        pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
        params: (path.match(/\{/g) ?? []).length,
      }))
      .sort((a, b) => a.params - b.params);
  }

  private resolve(node: Obj | undefined): Obj | undefined {
    const ref = node?.$ref as string | undefined;
    if (!ref) return node;
    return ref
      .slice(2)
      .split('/')
      .reduce((o: Obj, k) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], this.doc);
  }

  private validator(segments: string[]): ValidateFunction {
    const pointer = segments.join('\u0000');
    let v = this.compiled.get(pointer);
    if (!v) {
      const fragment = segments
        .map((s) => '/' + encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1')))
        .join('');
      v = this.ajv.compile({ $ref: `openapi#${fragment}` });
      this.compiled.set(pointer, v);
    }
    return v;
  }

  /** Problems of one response; empty when it matches the document (or the route is undocumented). */
  check(
    method: string,
    url: string,
    res: { statusCode: number; headers: Record<string, unknown>; body: string },
  ): string[] {
    const path = url.split('?')[0];
    const route = this.routes.find((r) => r.pattern.test(path));
    const m = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
    const op = route?.item[m];
    if (!route || !op) return []; // hidden routes (docs pages, /openapi.json) and unknown paths
    const where = `${method} ${path} → ${res.statusCode} (operation ${op.operationId} ${m.toUpperCase()} ${route.path})`;
    const status = String(res.statusCode);
    const statusKey = op.responses[status]
      ? status
      : op.responses[`${status[0]}XX`]
        ? `${status[0]}XX`
        : op.responses.default
          ? 'default'
          : undefined;
    if (!statusKey)
      return [`${where}: status ${status} is not documented (documented: ${Object.keys(op.responses).join(', ')})`];
    const response = this.resolve(op.responses[statusKey])!;
    const problems: string[] = [];
    for (const [name, header] of Object.entries((response.headers ?? {}) as Obj)) {
      const h = this.resolve(header)!;
      if (h.required && res.headers[name.toLowerCase()] === undefined)
        problems.push(`${where}: required header ${name} is missing`);
    }
    const contentType = String(res.headers['content-type'] ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase();
    const hasBody = method.toUpperCase() !== 'HEAD' && res.body.length > 0;
    if (!hasBody) return problems;
    const content = (response.content ?? {}) as Obj;
    if (!content[contentType]) {
      problems.push(
        `${where}: content type "${contentType}" is not documented (documented: ${Object.keys(content).join(', ') || 'no body'})`,
      );
      return problems;
    }
    if (!/json$/.test(contentType) || !content[contentType].schema) return problems;
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      return [...problems, `${where}: body is not JSON`];
    }
    const validate = this.validator(['paths', route.path, m, 'responses', statusKey, 'content', contentType, 'schema']);
    if (!validate(body)) {
      const errs = (validate.errors ?? [])
        .slice(0, 5)
        .map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`)
        .join('; ');
      problems.push(`${where}: body does not match the documented schema: ${errs}. Body: ${res.body.slice(0, 300)}`);
    }
    return problems;
  }
}

let shared: Contract | undefined;

/** One compiled contract per process, from the first app's document (the schemas do not depend on config). */
export async function contractFor(app: { inject: (o: Obj) => Promise<{ json(): unknown }> }): Promise<Contract> {
  shared ??= new Contract((await app.inject({ method: 'GET', url: '/openapi.json' })).json() as Obj);
  return shared;
}

/** CONTRACT_TEST=off turns the check off, for a test that deliberately breaks the contract. */
export const contractEnabled = () => process.env.CONTRACT_TEST !== 'off';
