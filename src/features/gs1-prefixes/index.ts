// The gs1-prefixes feature's public module: what other features may use of it (dependency-cruiser
// forbids reaching past it).
export { prefixesCovering } from './gs1-prefixes.fns.js';
export { ownsGtin } from './gs1-prefixes.repo.js';
export {
  approveClaim,
  claimDocument,
  listClaims,
  rejectClaim,
  verifyPrefixAsOperator,
  OperatorError,
  type DecisionHooks,
  type Gs1PrefixClaim,
} from './gs1-prefixes.decisions.js';
export { Gs1PrefixClaimSchema, Gs1PrefixEvidence } from './gs1-prefixes.schemas.js';
export { verifiedPrefixCovering } from './prefix-coverage.js';
