import type { FieldError } from '../errors.js';
import type { operations } from '../schema.js';

/** The JSON body an operation takes, as sdk/src/schema.ts types it. */
export type BodyOf<Op extends keyof operations> = operations[Op] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/** One error of an Ajv standalone validator (the fields this module reads). */
interface AjvError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}
type Validate = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

/**
 * An operation's request body: its JSON Schema from the OpenAPI document (component references
 * inlined) and the validator generated from it (sdk/src/forms/bodies.ts, npm run sdk:types).
 * `Body` only carries the type of what it validates.
 */
export interface RequestBody<Op extends keyof operations, Body = BodyOf<Op>> {
  operationId: Op;
  schema: Record<string, unknown>;
  validate: Validate;
  /** Never set: the body's type, for `typeof x.body`. */
  body?: Body;
}

const escapePointer = (s: string) => s.replaceAll('~', '~0').replaceAll('/', '~1');

function describe(e: AjvError): string {
  switch (e.keyword) {
    case 'required':
      return `${String(e.params.missingProperty)} is required`;
    case 'additionalProperties':
      return `${String(e.params.additionalProperty)} is not a known field`;
    case 'enum':
      return `must be one of: ${(e.params.allowedValues as unknown[]).join(', ')}`;
    default:
      return e.message ?? 'is invalid';
  }
}

/**
 * What the API would answer about this body, as the `errors` of its 422 (docs/decisions.md D3):
 * the same pointers, codes and details as the server's Ajv errors (src/http/validation.ts), so
 * the dashboard words them the same way. Empty when the body is valid.
 */
export function bodyErrors(body: { validate: Validate }, data: unknown): FieldError[] {
  if (body.validate(data)) return [];
  return (body.validate.errors ?? [])
    .filter((e) => e.keyword !== 'if')
    .map((e) => {
      let pointer = e.instancePath;
      if (e.keyword === 'required') pointer += '/' + escapePointer(String(e.params.missingProperty));
      if (e.keyword === 'additionalProperties') pointer += '/' + escapePointer(String(e.params.additionalProperty));
      return {
        pointer: pointer || '/',
        detail: describe(e),
        code: e.keyword === 'additionalProperties' ? 'unknown_field' : e.keyword,
      };
    });
}
