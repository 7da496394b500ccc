import { Type } from 'typebox';
import { PLAN_NAMES } from '../../platform/plans.js';
import { Count } from '../../http/numbers.js';

const Meter = {
  used: Count(),
  limit: Count(),
  usage_pct: Count({ description: 'floor(used * 100 / limit); may pass 100.' }),
  remaining: Count({ description: 'max(0, limit - used)' }),
};

const orUnlimited = (description: string) =>
  Type.Union([Count(), Type.Null()], { description: `${description} null when the plan has no limit.` });

const Capped = (description: string) =>
  Type.Object(
    {
      used: Count(),
      limit: orUnlimited('The plan allows this much;'),
      usage_pct: orUnlimited('floor(used * 100 / limit);'),
      remaining: orUnlimited('max(0, limit - used);'),
    },
    { description },
  );

export const Usage = Type.Object(
  {
    plan: Type.Enum(PLAN_NAMES, {
      description: "The organization's plan, whose limits these are.",
      examples: ['free'],
    }),
    scans: Type.Object({
      ...Meter,
      period: Type.String({ description: 'Calendar month in UTC, YYYY-MM.', examples: ['2026-11'] }),
      period_start: Type.String({ examples: ['2026-11-01T00:00:00.000Z'] }),
    }),
    dynamic_codes: Type.Object(Meter),
    workspaces: Type.Object(
      {
        used: Count({ description: 'Active (not archived) workspaces.' }),
        limit: orUnlimited('The most active workspaces the plan allows;'),
        usage_pct: orUnlimited('floor(used * 100 / limit);'),
        remaining: orUnlimited('max(0, limit - used): 0 means creating a workspace is refused;'),
      },
      {
        description: 'A limit that blocks: creating a workspace with none remaining is a 403 plan-limit-exceeded.',
      },
    ),
    storage: Type.Object(
      {
        bytes: Capped('Bytes of uploaded files and logos, deleted logos included (codes keep drawing them).'),
        files: Capped('Uploaded files (content pages).'),
        logos: Capped('Logos in the library, not deleted.'),
      },
      {
        description:
          'Storage quotas, which block: an upload past one is a 403 plan-limit-exceeded (the body adds `plan`, `limit` and `meter`: `storage_bytes`, `files` or `logos`).',
      },
    ),
  },
  { title: 'Usage' },
);
