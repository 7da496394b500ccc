import type { FastifySchemaCompiler } from 'fastify';
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
 * JSON bodies are validated strictly (no "5" for 5); query strings, params and headers arrive as
 * text and are coerced. Ajv never removes additional properties: an unknown field is reported
 * (422), not silently dropped.
 */
export function validatorCompiler(): FastifySchemaCompiler<any> {
  const strict = createAjv({ useDefaults: true });
  const coercing = createAjv({ useDefaults: true, coerceTypes: true });
  return ({ schema, httpPart }) => {
    if (httpPart === 'body') return strict.compile(schema as object) as never;
    const validate = coercing.compile(schema as object) as unknown as Validate;
    return (httpPart === 'querystring' || httpPart === 'params' ? withInputRule(validate) : validate) as never;
  };
}
