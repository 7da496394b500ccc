import type { App } from '../../http/types.js';
import type { ScanRuntimePort } from '../../platform/scan-consumers.js';
import { principalOf } from '../../http/types.js';
import { One, one } from '../../http/envelope.js';
import { Usage } from './usage.schemas.js';
import { organizationUsage } from './usage.service.js';
import { route } from '../../http/route.js';
import { createThresholdDetector, type UsageReading } from './usage-thresholds.js';
import { usageScanConsumer } from './usage.scan-consumer.js';

/** `scans`: the scans runtime, handed over by the composition (src/features/index.ts). */
export const usageRoutes = (scans: ScanRuntimePort) => async (app: App) => {
  const deps = {
    ...app.deps,
    pendingScans: (org: string, period: string) => scans.pendingForOrganization(org, period),
  };
  // The thresholds of the totals each scan batch left (usage.scan-consumer.ts), once it committed:
  // in a transaction of their own, where their events and mails are written (docs/decisions.md D21).
  const checkThresholds = createThresholdDetector(app.deps);
  scans.afterCommit<UsageReading[]>(usageScanConsumer.name, async (readings) => {
    if (!readings.length) return;
    const remember = await app.deps.db.transaction().execute((trx) => checkThresholds(trx, readings));
    remember();
  });

  app.get(
    '/v1/organizations/usage',
    route('organizations.usage', {
      operationId: 'getOrganizationUsage',
      tags: ['organizations'],
      summary: 'Live usage against the plan limits',
      description:
        'Scans of the current UTC month over all workspaces (bots excluded) and active dynamic codes. Never blocks anything.',
      response: { 200: One(Usage) },
    }),
    async (request) => one(request, await organizationUsage(deps, principalOf(request))),
  );
};
