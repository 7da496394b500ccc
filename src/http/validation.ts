import type { FastifySchemaValidationError } from 'fastify';
import type { FieldError } from './errors.js';
import { escapePointer } from '../lib/json-pointer.js';

const PART_PREFIX: Record<string, string> = { body: '', querystring: '/query', params: '/params', headers: '/headers' };

/** Ajv errors → docs/decisions.md D3 items. For query parameters the pointer is /query/<name>. */
export function toFieldErrors(errors: FastifySchemaValidationError[], context: string): FieldError[] {
  const prefix = PART_PREFIX[context] ?? `/${context}`;
  return errors
    .filter((e) => e.keyword !== 'if')
    .map((e) => {
      const params = e.params as Record<string, unknown>;
      let pointer = prefix + e.instancePath;
      if (e.keyword === 'required') pointer += '/' + escapePointer(String(params.missingProperty));
      if (e.keyword === 'additionalProperties') pointer += '/' + escapePointer(String(params.additionalProperty));
      return {
        pointer: pointer || '/',
        detail: describe(e, params),
        code: e.keyword === 'additionalProperties' ? 'unknown_field' : e.keyword,
      };
    });
}

function describe(e: FastifySchemaValidationError, params: Record<string, unknown>): string {
  switch (e.keyword) {
    case 'required':
      return `${String(params.missingProperty)} is required`;
    case 'additionalProperties':
      return `${String(params.additionalProperty)} is not a known field`;
    case 'enum':
      return `must be one of: ${(params.allowedValues as unknown[]).join(', ')}`;
    default:
      return e.message ?? 'is invalid';
  }
}
