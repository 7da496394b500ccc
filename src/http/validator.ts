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
 * Compiles on the first request instead of at start-up. The app declares about 150 routes and a
 * process compiled every schema of every one when it started, about half a second, whether the
 * route was ever called or not; each test file and each CLI call paid it. The first call of a route
 * pays its own few milliseconds instead. `schemaEnv` is set before the first compile: Fastify hands
 * the parent object (for root coercion) only to validators that carry it, and every Ajv validator
 * does.
 */
function compiledOnFirstUse(compile: () => Validate): Validate {
  let validate: Validate | undefined;
  const wrapped: Validate = (data, ctx) => {
    validate ??= compile();
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
export function validatorCompiler(): FastifySchemaCompiler<any> {
  const strict = createAjv({ useDefaults: true });
  const coercing = createAjv({ useDefaults: true, coerceTypes: true });
  return ({ schema, httpPart }) =>
    compiledOnFirstUse(() => {
      if (httpPart === 'body') return strict.compile(schema as object) as unknown as Validate;
      const validate = coercing.compile(schema as object) as unknown as Validate;
      return httpPart === 'querystring' || httpPart === 'params' ? withInputRule(validate) : validate;
    }) as never;
}

type BuildSerializer = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>['buildSerializer'];

/**
 * Fastify's own response serializers (fast-json-stringify, with the shared schemas such as
 * `Problem#`), each compiled on the first response that needs it, for the reason given above.
 */
export const serializersOnFirstUse: BuildSerializer = (externalSchemas, options) => {
  const compile = SerializerSelector()(externalSchemas as never, options as never);
  return (route: Parameters<typeof compile>[0]) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data: unknown) => (serialize ??= compile(route) as (data: unknown) => string)(data);
  };
};
