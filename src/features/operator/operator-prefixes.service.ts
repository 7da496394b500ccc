// The operator's side of GS1 prefix verification (docs/decisions/0075-gs1-prefix-verification.md):
// the rules are the gs1-prefixes feature's; this hands them the instance audit log's entry and the
// archiving of passports others published under a prefix just verified.
import type { ServiceDeps } from '../../platform/deps.js';
import { archivePassportsUnderPrefix } from '../dpp/index.js';
import { approveClaim, rejectClaim, verifyPrefixAsOperator, type DecisionHooks } from '../gs1-prefixes/index.js';
import { recordOperatorAction } from './operator.service.js';
import type { Operator } from './operator.gate.js';

/** What a decision on a claim writes besides the claim, by an operator or (null) the CLI. */
export function prefixDecisionHooks(deps: ServiceDeps, who: Operator | null): DecisionHooks {
  return {
    requestId: who?.requestId ?? null,
    archiveSquats: (trx, owner, prefix, at) => archivePassportsUnderPrefix(trx, deps.config.baseUrl, owner, prefix, at),
    record: async (trx, d, at) => {
      await recordOperatorAction(trx, who, at, {
        action: d.action,
        targetType: 'gs1_prefix',
        targetId: d.claim.id,
        before: { status: d.before.status },
        after: { status: d.after.status },
        details: {
          organization_id: d.claim.organization_id,
          prefix: d.claim.prefix,
          ...(d.reason ? { reason: d.reason } : {}),
        },
      });
    },
  };
}

export const approvePrefixClaim = (deps: ServiceDeps, who: Operator, id: string) =>
  approveClaim(deps, id, prefixDecisionHooks(deps, who));

export const rejectPrefixClaim = (deps: ServiceDeps, who: Operator, id: string, reason: string) =>
  rejectClaim(deps, id, reason, prefixDecisionHooks(deps, who));

/** `qrs gs1-prefix verify`: the console's rules, recorded in the instance log as the CLI's. */
export const verifyPrefixByCli = (deps: ServiceDeps, input: { organizationId: string; prefix: string }) =>
  verifyPrefixAsOperator(deps, input, prefixDecisionHooks(deps, null));
