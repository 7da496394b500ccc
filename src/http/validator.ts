import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

function makeAjv(coerce: boolean) {
  // removeAdditional off: an unknown field is reported (422), not silently dropped.
  const ajv = new Ajv.default({ allErrors: true, useDefaults: true, removeAdditional: false, strict: false, coerceTypes: coerce ? 'array' : false });
  addFormats.default(ajv);
  return ajv;
}

/**
 * JSON bodies are validated strictly (no "5" for 5); query strings, params and headers arrive as
 * text and are coerced.
 */
export function validatorCompiler(): FastifySchemaCompiler<any> {
  const strict = makeAjv(false);
  const coercing = makeAjv(true);
  return ({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema as object) as never;
}
