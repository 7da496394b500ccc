import { Type, type Static } from 'typebox';
import { Nullable } from '../../http/nullable.js';
import { PageQuery } from '../../http/pagination.js';
import { PREFIX_MAX, PREFIX_MIN } from './gs1-prefixes.fns.js';

export const Gs1Prefix = Type.Object({
  id: Type.String({ examples: ['gcp_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
  organization_id: Type.String(),
  prefix: Type.String({
    description: 'GS1 company prefix in GTIN-13 form (a U.P.C. company prefix with its leading 0).',
    examples: ['4260123'],
  }),
  status: Type.Enum(['self_declared', 'verified', 'removed'], {
    description:
      '`self_declared` until the operator verifies it; only a `verified` prefix lets passports be published and resolved. `removed` only in the answer to DELETE.',
  }),
  verified_at: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export const CreateGs1PrefixBody = Type.Object(
  {
    prefix: Type.String({
      pattern: `^[0-9]{${PREFIX_MIN},${PREFIX_MAX}}$`,
      minLength: PREFIX_MIN,
      maxLength: PREFIX_MAX,
      description: `${PREFIX_MIN} to ${PREFIX_MAX} digits.`,
      examples: ['4260123'],
    }),
  },
  { additionalProperties: false },
);
export type CreateGs1PrefixBody = Static<typeof CreateGs1PrefixBody>;

export const Gs1PrefixParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
export const Gs1PrefixListQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });
