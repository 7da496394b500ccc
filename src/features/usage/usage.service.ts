import type { Principal } from '../../http/principal.js';
import type { ServiceDeps } from '../../platform/deps.js';
import { periodOf } from './usage-period.js';
import { effectivePlans } from '../limits/index.js';
import { countActiveDynamicCodes, storedUploads, storedUsage } from './usage.repo.js';
import { countActiveWorkspaces } from '../workspaces/index.js';

/** docs/decisions.md D5 arithmetic; a limit of 0 reads as fully used rather than dividing by zero. */
export function meter(used: number, limit: number) {
  return {
    used,
    limit,
    usage_pct: limit > 0 ? Math.floor((used * 100) / limit) : used > 0 ? 100 : 0,
    remaining: Math.max(0, limit - used),
  };
}

/**
 * Live usage from maintained counters: one counter row and one count over codes, whatever the
 * number of scans (docs/decisions.md D5). It only reports; of these limits the workspaces' and the
 * storage quotas block, enforced where workspaces are created and files and logos uploaded.
 * `pendingScans` counts the scans this instance recorded and has not flushed yet.
 */
export async function organizationUsage(
  deps: ServiceDeps & { pendingScans: (organizationId: string, period: string) => number },
  p: Principal,
) {
  const now = deps.clock.now();
  const period = periodOf(now);
  const periodStart = `${period}-01T00:00:00.000Z`;
  // The operator's storage quotas, where set, over the environment's (docs/decisions.md D76).
  const plans = await effectivePlans(deps);
  const plan = plans[p.plan] ?? plans.free;
  const pending = deps.pendingScans(p.organizationId, period);
  const [stored, codes, workspaces, uploads] = await Promise.all([
    storedUsage(deps.db, p.organizationId, period),
    countActiveDynamicCodes(deps.db, p.organizationId, now.toISOString()),
    countActiveWorkspaces(deps.db, p.organizationId),
    storedUploads(deps.db, p.organizationId),
  ]);
  const capped = (used: number, limit: number | null) =>
    limit === null ? { used, limit: null, usage_pct: null, remaining: null } : meter(used, limit);
  return {
    plan: p.plan,
    scans: { ...meter(stored + pending, plan.maxScansPerMonth), period, period_start: periodStart },
    dynamic_codes: meter(codes, plan.maxDynamicCodes),
    // The workspace limit is the one that blocks, so the dashboard disables its form beforehand.
    workspaces: capped(workspaces, plan.maxWorkspaces),
    // Uploads past these are refused with 403 plan-limit-exceeded (docs/decisions.md D60).
    storage: {
      bytes: capped(uploads.bytes, plan.maxStorageBytes),
      files: capped(uploads.files, plan.maxFiles),
      logos: capped(uploads.logos, plan.maxLogos),
    },
  };
}
