import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { inputProblems } from './input-rules.js';
import { createAjv } from '../lib/ajv.js';

type Validate = ((data: unknown, ctx?: unknown) => boolean) & { errors?: unknown[] | null; schemaEnv?: unknown };

/**
 * Query strings and path parameters are stored or queried too, so they pass the same input rule
 * as JSON bodies (which the JSON parser checks); its failures are reported like Ajv's, so they
 * get the same 422 with /query/… or /params/… pointers.
 */
function withInputRule(validate: Validate): Validate {
  const wrapped: Validate = (data, ctx) => {
    const ok = validate(data, ctx);
    const problems = inputProblems(data).map((p) => ({
      instancePath: p.pointer === '/' ? '' : p.pointer,
      keyword: p.code,
      params: {},
      message: p.detail,
    }));
    wrapped.errors = problems.length ? [...(ok ? [] : (validate.errors ?? [])), ...problems] : validate.errors;
    return ok && problems.length === 0;
  };
  // Fastify passes the parent object (for root coercion) only to validators that carry schemaEnv.
  wrapped.schemaEnv = validate.schemaEnv;
  return wrapped;
}

/**
 * The schemas of one app not compiled yet. Each compiles on its route's first call instead of at
 * start-up: the app declares about 150 routes, and compiling every schema of every one cost each
 * process about half a second whether a route was called or not (each test file, each CLI call).
 * A server compiles them all before it takes traffic (`warmUp` in src/app.ts), so no request pays.
 */
export class SchemaCompilations {
  private readonly pending = new Map<() => unknown, string>();

  /** @param tracked false: nothing to warm up (a compiler outside any one app keeps no list) */
  constructor(private readonly tracked = true) {}

  /** `compile`, run once: by the first call of the returned function, or by compileAll. */
  once<T>(what: string, compile: () => T): () => T {
    let compiled: { value: T } | undefined;
    const get = () => {
      if (!compiled) {
        compiled = { value: compile() };
        this.pending.delete(get);
      }
      return compiled.value;
    };
    if (this.tracked) this.pending.set(get, what);
    return get;
  }

  /** Compiles every schema not compiled yet and returns how many; throws naming each that fails. */
  compileAll(): number {
    const failed: string[] = [];
    let compiled = 0;
    for (const [get, what] of [...this.pending]) {
      try {
        get();
        compiled++;
      } catch (err) {
        failed.push(`${what}: ${(err as Error).message}`);
      }
    }
    if (failed.length) throw new Error(`schemas that do not compile:\n  ${failed.join('\n  ')}`);
    return compiled;
  }
}

/**
 * Schemas of route-level compilers (a route's own `validatorCompiler`, such as the passport routes'
 * object-only body check), which are made at import, before any app exists: warmUp compiles these
 * too. Untracked, their params and query validators compiled on the route's first request.
 */
export const routeLevelCompilations = new SchemaCompilations();

/**
 * A validator compiled on first use. `schemaEnv` is set before the compile: Fastify hands the
 * parent object (for root coercion) only to validators that carry it, and every Ajv validator does.
 */
function compiledOnFirstUse(compiled: () => Validate): Validate {
  const wrapped: Validate = (data, ctx) => {
    const validate = compiled();
    const ok = validate(data, ctx);
    wrapped.errors = validate.errors;
    return ok;
  };
  wrapped.schemaEnv = {};
  return wrapped;
}

/**
 * JSON bodies are validated strictly (no "5" for 5); query strings, params and headers arrive as
 * text and are coerced. Ajv never removes additional properties: an unknown field is reported
 * (422), not silently dropped.
 */
export function validatorCompiler(compilations = new SchemaCompilations(false)): FastifySchemaCompiler<any> {
  const strict = createAjv({ useDefaults: true });
  const coercing = createAjv({ useDefaults: true, coerceTypes: true });
  return ({ schema, httpPart, method, url }) =>
    compiledOnFirstUse(
      compilations.once(`${method} ${url} ${httpPart}`, () => {
        if (httpPart === 'body') return strict.compile(schema as object) as unknown as Validate;
        const validate = coercing.compile(schema as object) as unknown as Validate;
        return httpPart === 'querystring' || httpPart === 'params' ? withInputRule(validate) : validate;
      }),
    ) as never;
}

type BuildSerializer = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>['buildSerializer'];

/**
 * Fastify's own response serializers (fast-json-stringify, with the shared schemas such as
 * `Problem#`), each compiled on the first response that needs it, or by compileAll.
 */
export function serializersOnFirstUse(compilations: SchemaCompilations): BuildSerializer {
  return (externalSchemas, options) => {
    // compileValidators: fast-json-stringify otherwise compiles the Ajv validators of a schema's
    // anyOf / oneOf / if branches on the first response that reaches them, after warmUp: the first
    // `POST /v1/dpp` after a start held the event loop about 400 ms for them.
    const compile = SerializerSelector()(externalSchemas as never, { ...options, compileValidators: true } as never);
    return (route: Parameters<typeof compile>[0]) => {
      const serializer = compilations.once(
        `${route.method} ${route.url} ${route.httpStatus}`,
        () => compile(route) as (data: unknown) => string,
      );
      return (data: unknown) => serializer()(data);
    };
  };
}
