import { Type } from 'typebox';
import { Nullable } from '../../http/nullable.js';
import { Count } from '../../http/numbers.js';

export const OperatorSession = Type.Object(
  {
    email: Type.String({ examples: ['ops@example.com'] }),
    two_factor: Type.Literal(true, { description: 'Always true: an operator without it gets 403 instead.' }),
  },
  { title: 'OperatorSession' },
);

const JobKind = Type.Object(
  {
    kind: Type.String({ examples: ['mail.send'] }),
    pending: Count({ description: 'Waiting to run (due or later, retries included).' }),
    running: Count({ description: 'Claimed by an instance now.' }),
    failed: Count({ description: 'Failed tries in the window: jobs waiting for a retry, and those that gave up.' }),
    dead: Count({ description: 'Of those, the jobs that gave up after their last try.' }),
  },
  { title: 'OperatorJobKindHealth' },
);

export const OperatorHealth = Type.Object(
  {
    version: Type.String({ examples: ['1.14.0'] }),
    environment: Type.String({ examples: ['production'] }),
    uptime_seconds: Count({ description: 'Since this instance (the process answering) started.' }),
    checked_at: Type.String({ examples: ['2026-12-02T17:30:00.000Z'] }),
    window_hours: Type.Integer({
      minimum: 1,
      maximum: 24,
      description: 'The recent failures below are counted over this many hours.',
    }),
    database: Type.Object({
      dialect: Type.Union([Type.Literal('postgres'), Type.Literal('sqlite')]),
      reachable: Type.Boolean({ description: '`select 1` answered within 2 s, as GET /v1/health checks.' }),
      latency_ms: Nullable(Type.Number({ minimum: 0, description: 'How long `select 1` took.' })),
    }),
    redis: Type.Object({
      configured: Type.Boolean({ description: 'REDIS_URL is set.' }),
      reachable: Nullable(
        Type.Boolean({
          description:
            'Redis answers (its circuit is closed); null without REDIS_URL. Unreachable, the service runs on per-instance fallbacks.',
        }),
      ),
    }),
    scans: Type.Object(
      {
        pending: Count({ description: 'Scans recorded by this instance and not yet written (the backlog).' }),
        lag_seconds: Type.Number({ minimum: 0, description: "Age of the oldest of them: the writer's lag." }),
        journal: Type.Union([Type.Literal('on'), Type.Literal('off'), Type.Literal('unavailable')]),
        journal_bytes: Count({ description: 'Bytes of the scan journal on disk.' }),
        dropped: Count({ description: 'Scans dropped since start (only ever without a journal).' }),
        backlog_degraded_at: Count({ description: 'SCAN_BACKLOG_DEGRADED: past it GET /v1/health says `backlog`.' }),
      },
      { description: "This instance's scan pipeline, as GET /v1/health and /metrics report it." },
    ),
    jobs: Type.Object({
      pending: Count(),
      running: Count(),
      failed: Count({ description: 'Failed tries in the window, every kind.' }),
      kinds: Type.Array(JobKind, { description: 'Kinds with something waiting, running or failed; by name.' }),
    }),
    mail: Type.Object({
      failed: Count({
        description: 'Failed deliveries of e-mail in the window (`mail.send` jobs retried or given up).',
      }),
    }),
    webhooks: Type.Object({
      failed: Count({ description: 'Webhook deliveries that gave up in the window (every attempt failed).' }),
    }),
    recent_errors: Type.Array(
      Type.Object(
        {
          at: Type.String(),
          request_id: Type.String({ description: 'Finds the request, and the error with its stack, in the log.' }),
          method: Type.String(),
          route: Type.String({ examples: ['/v1/codes/:id'], description: "The route's pattern, never the URL." }),
          status: Type.Integer({ minimum: 500, maximum: 599 }),
          type: Type.String({ examples: ['internal'] }),
          error: Type.String({
            examples: ['ECONNREFUSED'],
            description: "The error's class or code; never its message.",
          }),
        },
        { title: 'OperatorRecentError' },
      ),
      { description: "This instance's last 20 answers of 5xx since it started, newest first." },
    ),
  },
  { title: 'OperatorHealth' },
);
