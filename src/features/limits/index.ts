// The operator's run-time limits (docs/decisions.md D76): what every quota and cap check reads, and
// what the operator's console changes.
export {
  effectiveLimits,
  effectivePlans,
  describeLimits,
  saveLimits,
  forgetLimits,
  LIMITS_CHANGED,
  type EffectiveLimits,
} from './limits.service.js';
export { LimitsBody, InstanceLimits } from './limits.schemas.js';
export type { InstanceSettingsTable } from './limits.table.js';
