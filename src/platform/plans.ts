// The plans of docs/decisions.md D5/D8: names, limits and the default table an operator may override (PLANS_JSON).
export type PlanName = 'free' | 'pro' | 'business' | 'agency' | 'enterprise';
export const PLAN_NAMES: PlanName[] = ['free', 'pro', 'business', 'agency', 'enterprise'];

export interface Plan {
  /** null means unlimited */
  maxWorkspaces: number | null;
  maxScansPerMonth: number;
  maxDynamicCodes: number;
  requestsPerMinute: number;
}

// docs/decisions.md D5 (variant A, enterprise unlimited) and D8. One table so an operator can switch variants.
export const DEFAULT_PLANS: Record<PlanName, Plan> = {
  free: { maxWorkspaces: 1, maxScansPerMonth: 1_000, maxDynamicCodes: 3, requestsPerMinute: 60 },
  pro: { maxWorkspaces: 3, maxScansPerMonth: 25_000, maxDynamicCodes: 50, requestsPerMinute: 300 },
  business: { maxWorkspaces: 10, maxScansPerMonth: 250_000, maxDynamicCodes: 500, requestsPerMinute: 1_000 },
  agency: { maxWorkspaces: null, maxScansPerMonth: 1_000_000, maxDynamicCodes: 2_500, requestsPerMinute: 3_000 },
  enterprise: { maxWorkspaces: null, maxScansPerMonth: 10_000_000, maxDynamicCodes: 25_000, requestsPerMinute: 10_000 },
};
