import type { FastifySchemaValidationError } from 'fastify';
import type { FieldError } from './errors.js';

const PART_PREFIX: Record<string, string> = { body: '', querystring: '/query', params: '/params', headers: '/headers' };

function escapePointer(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Ajv errors → D3 items. For query parameters the pointer is /query/<name>. */
export function toFieldErrors(errors: FastifySchemaValidationError[], context: string): FieldError[] {
  const prefix = PART_PREFIX[context] ?? `/${context}`;
  return errors
    .filter((e) => e.keyword !== 'if')
    .map((e) => {
      const params = e.params as Record<string, unknown>;
      let pointer = prefix + e.instancePath;
      if (e.keyword === 'required') pointer += '/' + escapePointer(String(params.missingProperty));
      if (e.keyword === 'additionalProperties') pointer += '/' + escapePointer(String(params.additionalProperty));
      return { pointer: pointer || '/', detail: describe(e, params), code: e.keyword === 'additionalProperties' ? 'unknown_field' : e.keyword };
    });
}

function describe(e: FastifySchemaValidationError, params: Record<string, unknown>): string {
  switch (e.keyword) {
    case 'required': return `${String(params.missingProperty)} is required`;
    case 'additionalProperties': return `${String(params.additionalProperty)} is not a known field`;
    case 'enum': return `must be one of: ${(params.allowedValues as unknown[]).join(', ')}`;
    default: return e.message ?? 'is invalid';
  }
}

/** Missing required fields are a 400 per spec section 7; present-but-invalid values a 422 (D3). */
export function isMissingRequired(errors: FieldError[]): boolean {
  return errors.some((e) => e.code === 'required');
}
