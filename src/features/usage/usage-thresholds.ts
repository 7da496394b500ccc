import type { DB } from '../../db/database.js';
import type { ServiceDeps } from '../../platform/deps.js';
import { publishEvent } from '../../platform/events/index.js';
import { localeOf, queueMail, TEMPLATES } from '../../platform/mail/index.js';
import { usageThresholdReached } from '../notifications/index.js';
import type { UsageMeter } from './usage.table.js';
import {
  adminRecipients,
  defaultWorkspace,
  organizationsForThresholds,
  recordReached,
} from './usage-thresholds.repo.js';

/** Per cent of a plan limit at which the organization hears about it (docs/decisions.md D21). */
export const THRESHOLDS = [80, 100] as const;

export interface UsageReading {
  organizationId: string;
  meter: UsageMeter;
  /** YYYY-MM, UTC */
  period: string;
  used: number;
}

const LIMIT_OF = { scans: 'maxScansPerMonth', dynamic_codes: 'maxDynamicCodes' } as const;

/** The thresholds a reading has reached; a limit of 0 sets no allowance to measure against. */
export function reachedThresholds(used: number, limit: number): number[] {
  return limit > 0 ? THRESHOLDS.filter((t) => used * 100 >= t * limit) : [];
}

/**
 * The one detector behind `usage.threshold_reached` and the usage notices (docs/decisions.md D21).
 * It records, in the caller's transaction, each threshold the readings have reached; the row's
 * key lets one transaction only insert it, and that one publishes the event and queues the mail,
 * so several instances and concurrent writers notify once per threshold, meter and period.
 * It asks "reached", not "crossed", so a check that was missed is made good by the next one.
 * Every threshold gets its event; a check that passes several at once mails only the highest, so
 * nobody reads "80 %" and "100 %" in the same second (docs/decisions.md D62).
 */
export function createThresholdDetector(deps: ServiceDeps) {
  // Keys known to be recorded, so an organization past 100 % costs no query per flush; the table
  // stays the truth, and the set is only ever short of it.
  const known = new Set<string>();
  const key = (org: string, meter: string, period: string, t: number) => `${org}|${meter}|${period}|${t}`;
  const lowest = (meter: UsageMeter) =>
    Math.min(...Object.values(deps.config.plans).map((p) => (p[LIMIT_OF[meter]] > 0 ? p[LIMIT_OF[meter]] : Infinity)));

  /** Checks inside the caller's transaction; call what it returns once that transaction committed. */
  return async function checkThresholds(trx: DB, readings: UsageReading[]): Promise<() => void> {
    const open = readings.filter(
      (r) =>
        r.used * 100 >= THRESHOLDS[0] * lowest(r.meter) &&
        !THRESHOLDS.every((t) => known.has(key(r.organizationId, r.meter, r.period, t))),
    );
    if (open.length === 0) return () => {};
    const orgs = new Map(
      (await organizationsForThresholds(trx, [...new Set(open.map((r) => r.organizationId))])).map((o) => [o.id, o]),
    );
    const now = deps.clock.now();
    const rows = open.flatMap((r) => {
      const org = orgs.get(r.organizationId);
      if (!org) return [];
      const plan = deps.config.plans[org.plan as keyof typeof deps.config.plans] ?? deps.config.plans.free;
      const limit = plan[LIMIT_OF[r.meter]];
      return reachedThresholds(r.used, limit).map((threshold) => ({
        organization_id: r.organizationId,
        meter: r.meter,
        period: r.period,
        threshold,
        used: r.used,
        plan_limit: limit,
        reached_at: now.toISOString(),
      }));
    });
    if (rows.length === 0) return () => {};
    // Key order, like every other multi-row write of the flush, so two instances cannot deadlock.
    rows.sort((a, b) => {
      const x = key(a.organization_id, a.meter, a.period, a.threshold);
      const y = key(b.organization_id, b.meter, b.period, b.threshold);
      return x < y ? -1 : x > y ? 1 : 0;
    });
    const inserted = await recordReached(trx, rows);
    const highest = new Map<string, number>();
    for (const r of inserted) {
      const k = key(r.organization_id, r.meter, r.period, 0);
      highest.set(k, Math.max(highest.get(k) ?? 0, r.threshold));
    }
    for (const r of inserted) {
      const org = orgs.get(r.organization_id)!;
      const ws = await defaultWorkspace(trx, org.id);
      await publish(trx, org.id, ws, r, now);
      if (highest.get(key(r.organization_id, r.meter, r.period, 0)) === r.threshold) await mail(trx, deps, org, ws, r);
    }
    // Remembered only after the commit: a rolled-back key must be tried again.
    return () => {
      if (known.size > 100_000) known.clear();
      for (const r of rows) known.add(key(r.organization_id, r.meter, r.period, r.threshold));
    };
  };
}

type Reached = { meter: UsageMeter; period: string; threshold: number; used: number; plan_limit: number };
type Workspace = Awaited<ReturnType<typeof defaultWorkspace>>;

async function publish(trx: DB, orgId: string, ws: Workspace, r: Reached, now: Date) {
  const data = {
    organization_id: orgId,
    meter: r.meter,
    threshold: r.threshold,
    period: r.period,
    used: r.used,
    limit: r.plan_limit,
  };
  await publishEvent(
    trx,
    { type: 'usage.threshold_reached', organizationId: orgId, workspaceId: ws?.id ?? '', data },
    now,
  );
}

/**
 * The org admins hear of it as a notification (in the dashboard and by mail, as each chose,
 * docs/decisions.md D64); the billing address, when no admin uses it, gets the mail as before.
 */
async function mail(
  trx: DB,
  deps: ServiceDeps,
  org: { id: string; name: string; billing_email: string | null },
  ws: Workspace,
  r: Reached,
) {
  const notice = { meter: r.meter, threshold: r.threshold, used: r.used, limit: r.plan_limit, period: r.period };
  await usageThresholdReached(trx, deps, { organizationId: org.id, organizationName: org.name, ...notice });
  const billing = org.billing_email?.trim();
  const admins = await adminRecipients(trx, org.id);
  if (!billing || admins.some((a) => a.email.toLowerCase() === billing.toLowerCase())) return;
  await queueMail(trx, deps, {
    to: billing,
    locale: localeOf(ws?.default_locale.slice(0, 2)),
    template: TEMPLATES.usageThreshold,
    params: { organization: org.name, ...notice, url: `${deps.config.baseUrl}/settings/organization` },
  });
}
