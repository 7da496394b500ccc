import type { ServiceDeps } from '../../platform/deps.js';
import { describeLimits, forgetLimits, saveLimits, LIMITS_CHANGED, type LimitsBody } from '../limits/index.js';
import { recordOperatorAction } from './operator.service.js';
import type { Operator } from './operator.gate.js';

/** GET /v1/operator/limits: in force, the environment's, and what the operator set (docs/decisions.md D76). */
export const limitsForOperator = (deps: ServiceDeps) => describeLimits(deps);

/**
 * PUT /v1/operator/limits: replaces what the operator set, recorded in the instance audit log in the
 * same transaction. This instance reads the new limits at once; the others when the invalidation
 * bus tells them (Redis), and at the latest when their few seconds' copy expires.
 */
export async function changeLimits(deps: ServiceDeps<'invalidation'>, who: Operator, body: LimitsBody) {
  const at = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const { before, after } = await saveLimits(deps, trx, body, who.userId, at);
    if (JSON.stringify(before.overrides) === JSON.stringify(after.overrides)) return;
    await recordOperatorAction(trx, who, at, {
      action: 'limits.changed',
      targetType: 'instance',
      targetId: 'limits',
      before: before.overrides,
      after: after.overrides,
    });
  });
  forgetLimits(deps.db);
  deps.invalidation.publish([LIMITS_CHANGED]);
  return describeLimits(deps);
}
