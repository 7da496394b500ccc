import { Type, type Static } from 'typebox';
import { Count } from '../../http/numbers.js';
import { PageQuery } from '../../http/pagination.js';

/** Largest amount in minor units: ten billion of a currency's major unit, well inside 2^53. */
export const MAX_AMOUNT = 1_000_000_000_000;

const amount = Type.Integer({
  minimum: 0,
  maximum: MAX_AMOUNT,
  description: 'In minor units of `currency` (cents): 4999 is 49.99 EUR.',
});
const currency = Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code, upper case.', examples: ['EUR'] });

export const ConversionCreate = Type.Object(
  {
    click_id: Type.String({
      minLength: 1,
      maxLength: 64,
      description:
        'The `qrs_cid` the redirect appended to the destination (codes with `append_click_id`). It names the code and the scan.',
      examples: ['01JD3Y2K8Q9XW4T5N6M7P8R9S001JD3Y2M0000000000000000'],
    }),
    event: Type.String({
      pattern: '^[a-z0-9][a-z0-9_.-]{0,63}$',
      description: '`lead`, `sale` (with `amount` and `currency`) or a name of your own: lower case, digits, `_ . -`.',
      examples: ['sale'],
    }),
    amount: Type.Optional(amount),
    currency: Type.Optional(currency),
    event_id: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 128,
        description:
          'Your id of the event. A second report with the same id in the workspace is the same conversion: answered 200 with the first, not counted again.',
      }),
    ),
    occurred_at: Type.Optional(
      Type.String({ format: 'date-time', description: 'When it happened; default now. Not before the scan.' }),
    ),
  },
  { title: 'CreateConversionRequest', additionalProperties: false },
);
export type ConversionCreate = Static<typeof ConversionCreate>;

export const Conversion = Type.Object(
  {
    id: Type.String({ examples: ['cnv_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    workspace_id: Type.String(),
    code_id: Type.String(),
    scan_id: Type.String(),
    event: Type.String(),
    amount: Type.Union([amount, Type.Null()]),
    currency: Type.Union([Type.String(), Type.Null()]),
    event_id: Type.Union([Type.String(), Type.Null()]),
    scanned_at: Type.String({ format: 'date-time' }),
    occurred_at: Type.String({ format: 'date-time' }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { title: 'Conversion' },
);
export type Conversion = Static<typeof Conversion>;

export const ConversionListQuery = Type.Object(
  {
    ...PageQuery,
    code_id: Type.Optional(Type.String({ maxLength: 100, description: "Only this code's conversions." })),
    event: Type.Optional(Type.String({ maxLength: 64, description: 'Only this event.' })),
  },
  { additionalProperties: false },
);
export type ConversionListQuery = Static<typeof ConversionListQuery>;

/** What analytics add of conversions over their range (GET /v1/analytics, a code's stats). */
export const ConversionTotals = Type.Object(
  {
    count: Count({ description: 'Conversions that occurred in the range.' }),
    rate: Type.Union([Type.Number({ minimum: 0, maximum: MAX_AMOUNT }), Type.Null()], {
      description: 'count / scans of the range; null without scans.',
    }),
    revenue: Type.Array(Type.Object({ currency: Type.String(), amount: Count({ description: 'Minor units.' }) }), {
      description: 'Sum of `amount` per currency, most first.',
    }),
  },
  { description: 'Conversions reported through POST /v1/conversions (docs/conversions.md).' },
);
export type ConversionTotals = Static<typeof ConversionTotals>;
