import { Type, type Static } from 'typebox';
import { Nullable } from '../../http/nullable.js';
import { Count } from '../../http/numbers.js';
import { PageQuery } from '../../http/pagination.js';
import { EVIDENCE_TYPES, PREFIX_MAX, PREFIX_MIN } from './gs1-prefixes.fns.js';

const STATUS_TEXT =
  '`self_declared`: claimed without evidence, which an operator does not review; `pending`: submitted with evidence, waiting for an operator; `verified`: an operator verified it, and only a verified prefix lets passports be published and resolved; `rejected`: an operator refused it (`rejection_reason` says why), and it can be submitted again with new evidence. `removed` only in the answer to DELETE.';

export const Gs1PrefixEvidence = Type.Object(
  {
    file: Nullable(
      Type.Object(
        {
          name: Type.String({ examples: ['gs1-licence.pdf'] }),
          content_type: Type.String({ examples: ['application/pdf'] }),
          size: Count({ description: 'Bytes.' }),
        },
        { description: 'The GS1 licence document uploaded, if any (its bytes are for the operator).' },
      ),
    ),
    gepir_url: Nullable(Type.String({ description: 'The address of the GEPIR record found.' })),
    gepir_text: Nullable(Type.String({ description: 'What the GEPIR record says, as copied.' })),
  },
  { title: 'Gs1PrefixEvidence', description: 'What the claim was last submitted with; null without.' },
);

export const Gs1Prefix = Type.Object(
  {
    id: Type.String({ examples: ['gcp_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    organization_id: Type.String(),
    prefix: Type.String({
      description: 'GS1 company prefix in GTIN-13 form (a U.P.C. company prefix with its leading 0).',
      examples: ['4260123'],
    }),
    status: Type.Enum(['self_declared', 'pending', 'verified', 'rejected', 'removed'], { description: STATUS_TEXT }),
    evidence: Nullable(Gs1PrefixEvidence),
    submitted_at: Nullable(Type.String({ description: 'When the evidence was last submitted.' })),
    rejection_reason: Nullable(Type.String({ description: "The operator's reason, while `rejected`." })),
    decided_at: Nullable(Type.String({ description: 'When an operator last verified or rejected it.' })),
    verified_at: Nullable(Type.String()),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { title: 'Gs1Prefix' },
);

export const EvidenceInput = Type.Object(
  {
    file: Type.Optional(
      Type.Object(
        {
          name: Type.String({ minLength: 1, maxLength: 200, examples: ['gs1-licence.pdf'] }),
          content_type: Type.String({
            enum: Object.keys(EVIDENCE_TYPES),
            description: 'PDF, PNG or JPEG; must match the bytes.',
          }),
          data: Type.String({
            minLength: 1,
            pattern: '^[A-Za-z0-9+/]*={0,2}$',
            description: 'The document, base64. At most FILE_MAX_BYTES once decoded (default 5 MiB).',
            examples: ['JVBERi0xLjQKJSVFT0YK'],
          }),
        },
        { additionalProperties: false, description: 'The GS1 licence document (the certificate GS1 issued).' },
      ),
    ),
    gepir_url: Type.Optional(
      Type.String({
        maxLength: 2000,
        pattern: '^https?://[^\\s]+$',
        description: 'The address of the GEPIR record (gepir.gs1.org) that names the organization.',
      }),
    ),
    gepir_text: Type.Optional(
      Type.String({ minLength: 1, maxLength: 2000, description: 'What the GEPIR record says, as copied.' }),
    ),
  },
  {
    title: 'Gs1PrefixEvidenceInput',
    additionalProperties: false,
    description: 'A licence document, or the GEPIR record (address and/or text); at least one of them.',
  },
);
export type EvidenceInput = Static<typeof EvidenceInput>;

export const CreateGs1PrefixBody = Type.Object(
  {
    prefix: Type.String({
      pattern: `^[0-9]{${PREFIX_MIN},${PREFIX_MAX}}$`,
      minLength: PREFIX_MIN,
      maxLength: PREFIX_MAX,
      description: `${PREFIX_MIN} to ${PREFIX_MAX} digits.`,
      examples: ['4260123'],
    }),
    evidence: Type.Optional(EvidenceInput),
  },
  { additionalProperties: false },
);
export type CreateGs1PrefixBody = Static<typeof CreateGs1PrefixBody>;

export const Gs1PrefixParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
export const Gs1PrefixListQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });

/** A claim as the operator's queue shows it (docs/decisions/0075-gs1-prefix-verification.md). */
export const Gs1PrefixClaimSchema = Type.Object(
  {
    id: Type.String({ examples: ['gcp_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    organization_id: Type.String({ examples: ['org_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    organization_name: Type.String({ examples: ['Acme Corp'] }),
    prefix: Type.String({ examples: ['4260123'] }),
    status: Type.Enum(['self_declared', 'pending', 'verified', 'rejected'], { description: STATUS_TEXT }),
    evidence: Nullable(Gs1PrefixEvidence),
    submitted_at: Nullable(Type.String({ description: 'When the evidence was last submitted: the queue’s order.' })),
    rejection_reason: Nullable(Type.String()),
    decided_at: Nullable(Type.String()),
    created_at: Type.String(),
  },
  { title: 'OperatorGs1PrefixClaim' },
);
