import { Type } from 'typebox';
import { Count } from '../../http/numbers.js';

const Meter = {
  used: Count(),
  limit: Count(),
  usage_pct: Count({ description: 'floor(used * 100 / limit); may pass 100.' }),
  remaining: Count({ description: 'max(0, limit - used)' }),
};

export const Usage = Type.Object(
  {
    scans: Type.Object({
      ...Meter,
      period: Type.String({ description: 'Calendar month in UTC, YYYY-MM.', examples: ['2026-11'] }),
      period_start: Type.String({ examples: ['2026-11-01T00:00:00.000Z'] }),
    }),
    dynamic_codes: Type.Object(Meter),
  },
  { title: 'Usage' },
);
