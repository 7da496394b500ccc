import type { App } from '../../http/types.js';
import { One, one } from '../../http/envelope.js';
import { InstanceLimits, LimitsBody, LIMITS_CHANGED, forgetLimits } from '../limits/index.js';
import { operatorAt, operatorRoute, tags } from './operator.route.js';
import { changeLimits, limitsForOperator } from './operator-limits.service.js';

const ABOUT =
  'Per-plan storage quotas (bytes, files, logos), invitation mails per organization a day, and whether mail to third parties (invitations, a billing address) needs a verified account. What the operator sets overrides the environment (PLANS_JSON, INVITATIONS_PER_DAY, EMAIL_VERIFICATION) on every instance within seconds, without a restart.';

/** The abuse limits the operator sets at run time (docs/decisions.md D76). */
export function operatorLimitsRoutes(app: App) {
  const deps = app.deps;
  // Another instance's change: drop this instance's copy (docs/decisions.md D76, the bus of D68).
  deps.invalidation.subscribe((keys) => {
    if (keys.includes(LIMITS_CHANGED)) forgetLimits(deps.db);
  });
  deps.invalidation.onReset(() => forgetLimits(deps.db));

  app.get(
    '/v1/operator/limits',
    operatorRoute(deps, {
      operationId: 'operatorGetLimits',
      tags,
      summary: 'The abuse limits in force',
      description: `${ABOUT} The answer gives the values in force, the environment's defaults, and what the operator set.`,
      response: { 200: One(InstanceLimits) },
    }),
    async (request) => one(request, await limitsForOperator(deps)),
  );

  app.put(
    '/v1/operator/limits',
    operatorRoute(deps, {
      operationId: 'operatorSetLimits',
      tags,
      summary: 'Set the abuse limits',
      description: `${ABOUT} The body replaces what the operator set: a field left out goes back to the environment's value; a quota of null is unlimited. Counts are positive integers; anything else is a 400 or 422 naming the field, and nothing changes. Recorded in the instance audit log (\`limits.changed\`, before and after).`,
      body: LimitsBody,
      response: { 200: One(InstanceLimits) },
    }),
    async (request) => one(request, await changeLimits(deps, operatorAt(request), request.body)),
  );
}
