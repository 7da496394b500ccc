import { Type, type Static } from 'typebox';
import { Count } from '../../../http/numbers.js';
import { ConversionTotals } from '../../conversions/index.js';
import { DIMENSION_NAMES } from '../rollups/dimensions.js';

const time = Type.String({ format: 'date-time' });
const date = Type.String({ format: 'date' });

export const Tz = Type.String({
  minLength: 1,
  maxLength: 64,
  examples: ['Europe/Berlin'],
  description:
    "IANA time zone that days, weeks and months are counted in. Default: the workspace's timezone setting, else UTC.",
});

export const AnalyticsQuery = Type.Object(
  {
    from: Type.Optional(
      Type.Union([date, time], {
        description:
          "Inclusive start: a date (its midnight in `tz`) or a date-time (rounded down to 15 minutes). Default: 29 days before `to`'s day (30 days).",
      }),
    ),
    to: Type.Optional(
      Type.Union([date, time], {
        description:
          'Exclusive end: a date means the end of that day in `tz`; a date-time is rounded up to 15 minutes. Default: now. At most 731 days after `from`.',
      }),
    ),
    tz: Type.Optional(Tz),
    interval: Type.Optional(
      Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('month')], {
        description: 'Bucket of `by_day`: local days, ISO weeks (from Monday) or calendar months. Default day.',
      }),
    ),
    code_id: Type.Optional(Type.String({ maxLength: 64, description: 'Only this code of the workspace.' })),
    tag: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 50,
        description: 'Only codes carrying this tag now; a tag no code has is a 422.',
      }),
    ),
    folder_id: Type.Optional(
      Type.String({
        maxLength: 100,
        description:
          "Only the codes in this folder or campaign now, its subfolders' included; not with `tag`. An unknown folder is a 422.",
      }),
    ),
    dimensions: Type.Optional(
      Type.String({
        maxLength: 200,
        description: `Comma-separated breakdowns to return, of: ${DIMENSION_NAMES.join(', ')}. Default: all.`,
      }),
    ),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 100,
        description: 'Entries per breakdown and in top_codes, most scans first. Default 10.',
      }),
    ),
    include_bots: Type.Optional(Type.Boolean({ description: 'Count scans flagged as bots too. Default false.' })),
  },
  { additionalProperties: false },
);
export type AnalyticsQuery = Static<typeof AnalyticsQuery>;

export const Breakdown = Type.Array(
  Type.Object({
    key: Type.Union([Type.String(), Type.Null()], { description: 'The value; null = unknown.' }),
    scans: Count(),
  }),
);

export const Analytics = Type.Object({
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
  tz: Type.String(),
  interval: Type.String(),
  include_bots: Type.Boolean(),
  code_id: Type.Union([Type.String(), Type.Null()]),
  tag: Type.Union([Type.String(), Type.Null()]),
  folder_id: Type.Union([Type.String(), Type.Null()]),
  totals: Type.Object({
    scans: Count(),
    unique_visitors: Count({
      description: 'Visitor-days: distinct daily-salted IP hashes per UTC day, summed (per code when filtered).',
    }),
  }),
  by_day: Type.Array(
    Type.Object({
      date: Type.String({
        description: 'Local date (in `tz`) the bucket starts on; the first and last buckets are clipped to the range.',
      }),
      scans: Count(),
      unique_visitors: Count(),
    }),
    { description: 'Every bucket of the range, zeros included.' },
  ),
  top_codes: Type.Array(
    Type.Object({
      code_id: Type.String(),
      title: Type.Union([Type.String(), Type.Null()], { description: "The code's title; null when it has none." }),
      scans: Count(),
    }),
  ),
  dimensions: Type.Record(Type.String(), Breakdown, { description: 'Per requested dimension, its top values.' }),
  conversions: ConversionTotals,
});
