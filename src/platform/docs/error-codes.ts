// The `code` values an error's `errors[]` items carry, per error type, for the /docs/errors pages.
// Schema validation uses the JSON Schema keyword that failed; services add their own, stable codes.
import type { ErrorTypeName } from '../../http/errors.js';

const SCHEMA = [
  'required',
  'type',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'enum',
  'minItems',
  'maxItems',
  'uniqueItems',
  'unknown_field',
];

export const ERROR_CODES: Partial<Record<ErrorTypeName, Record<string, string>>> = {
  'bad-request': {
    required: 'A required field, query parameter or header is missing (`pointer` names it).',
    format: 'A header has the wrong form, e.g. `Idempotency-Key` is not a UUID.',
    'dl.order': 'A GS1 Digital Link path has its qualifiers in the wrong order.',
    'gtin.check_digit': "A GTIN's check digit is wrong.",
  },
  'validation-error': {
    ...Object.fromEntries(
      SCHEMA.map((k) => [
        k,
        k === 'unknown_field'
          ? 'The body has a field the resource does not know.'
          : `The value fails the JSON Schema keyword \`${k}\`.`,
      ]),
    ),
    url: 'Not an absolute http or https address.',
    url_scheme: 'The address uses a scheme other than http or https.',
    url_loop: "The destination points back at this service's own short URLs.",
    cursor: 'The pagination cursor is not an id of this list.',
    contrast: 'QR colours have less than 3:1 contrast.',
    inverted: 'Light modules on a dark background need `invert=true`.',
    immutable: 'The field cannot change after creation.',
    transition: 'The status cannot change this way.',
    static_only: 'The option applies to static codes only.',
    dynamic_only: 'The option applies to dynamic codes only.',
    exclusive: 'Two fields that exclude each other were both given.',
    invalid: 'The value is not acceptable for the reason `detail` gives.',
  },
};
