import { Type, type Static } from 'typebox';
import { ConversionTotals } from '../../conversions/index.js';
import { PageQuery } from '../../../http/pagination.js';
import { Tz } from './analytics.schemas.js';
import { Count } from '../../../http/numbers.js';

export const Scan = Type.Object(
  {
    id: Type.String({ examples: ['scn_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    code_id: Type.String(),
    scanned_at: Type.String(),
    country: Type.Union([Type.String(), Type.Null()]),
    region: Type.Union([Type.String(), Type.Null()], {
      description: 'State or province from the IP database (docs/analytics.md); the address is never stored.',
    }),
    city: Type.Union([Type.String(), Type.Null()]),
    device: Type.Union([Type.String(), Type.Null()]),
    os: Type.Union([Type.String(), Type.Null()]),
    browser: Type.Union([Type.String(), Type.Null()]),
    referrer: Type.Union([Type.String(), Type.Null()]),
    language: Type.Union([Type.String(), Type.Null()]),
    is_bot: Type.Boolean(),
    destination: Type.Union([Type.String(), Type.Null()]),
  },
  { title: 'Scan' },
);

export const ScanListQuery = Type.Object(
  {
    ...PageQuery,
    include_bots: Type.Boolean({ default: true, description: 'Raw scans include bots (flagged) unless false.' }),
  },
  { additionalProperties: false },
);
export type ScanListQuery = Static<typeof ScanListQuery>;

const time = Type.String({ format: 'date-time' });
export const StatsQuery = Type.Object(
  {
    from: Type.Optional(
      Type.Union([time, Type.String({ format: 'date' })], {
        description:
          'Inclusive start: a date-time (rounded down to 15 minutes), or a date meaning its midnight in `tz`. Default: 30 days before `to`.',
      }),
    ),
    to: Type.Optional(
      Type.Union([time, Type.String({ format: 'date' })], {
        description:
          'Exclusive end: a date-time (rounded up to 15 minutes), or a date meaning the end of that day in `tz`. Default: now (inclusive). At most 731 days after `from`: a longer range is a 422.',
      }),
    ),
    tz: Type.Optional(Tz),
    include_bots: Type.Boolean({ default: false }),
  },
  { additionalProperties: false },
);
export type StatsQuery = Static<typeof StatsQuery>;

const Bucket = Type.Object({ key: Type.Union([Type.String(), Type.Null()]), scans: Count() });
export const Stats = Type.Object(
  {
    code_id: Type.String(),
    from: Type.String(),
    to: Type.String(),
    include_bots: Type.Boolean(),
    total_scans: Count(),
    unique_visitors: Count({
      description: 'Visitor-days: distinct daily-salted IP hashes per UTC day, summed over the range.',
    }),
    by_day: Type.Array(Type.Object({ date: Type.String(), scans: Count(), unique_visitors: Count() }), {
      description: 'Days (in `tz`) with scans.',
    }),
    by_country: Type.Array(Bucket),
    by_region: Type.Array(Bucket),
    by_city: Type.Array(Bucket),
    by_device: Type.Array(Bucket),
    by_os: Type.Array(Bucket),
    by_browser: Type.Array(Bucket),
    by_referrer: Type.Array(Bucket, { description: 'By referrer host.' }),
    conversions: ConversionTotals,
  },
  { title: 'CodeStats' },
);
