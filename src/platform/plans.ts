// The plans of docs/decisions.md D5/D8: names, limits and the default table an operator may override (PLANS_JSON).
export type PlanName = 'free' | 'pro' | 'business' | 'agency' | 'enterprise';
export const PLAN_NAMES: PlanName[] = ['free', 'pro', 'business', 'agency', 'enterprise'];

export interface Plan {
  /** null means unlimited */
  maxWorkspaces: number | null;
  maxScansPerMonth: number;
  maxDynamicCodes: number;
  requestsPerMinute: number;
  /** bytes of uploaded files and logos (deleted logos included: codes keep drawing them); null: unlimited */
  maxStorageBytes: number | null;
  /** uploaded files (content pages); null: unlimited */
  maxFiles: number | null;
  /** logos in the library (not deleted); null: unlimited */
  maxLogos: number | null;
}

const MB = 1024 * 1024;

// docs/decisions.md D5 (variant A, enterprise unlimited) and D8. One table so an operator can switch variants.
// Storage quotas (docs/decisions.md D60): Free holds a few PDFs and logos, not 48 MB in 19 s.
export const DEFAULT_PLANS: Record<PlanName, Plan> = {
  free: {
    maxWorkspaces: 1,
    maxScansPerMonth: 1_000,
    maxDynamicCodes: 3,
    requestsPerMinute: 60,
    maxStorageBytes: 25 * MB,
    maxFiles: 10,
    maxLogos: 10,
  },
  pro: {
    maxWorkspaces: 3,
    maxScansPerMonth: 25_000,
    maxDynamicCodes: 50,
    requestsPerMinute: 300,
    maxStorageBytes: 1_024 * MB,
    maxFiles: 500,
    maxLogos: 100,
  },
  business: {
    maxWorkspaces: 10,
    maxScansPerMonth: 250_000,
    maxDynamicCodes: 500,
    requestsPerMinute: 1_000,
    maxStorageBytes: 10_240 * MB,
    maxFiles: 5_000,
    maxLogos: 500,
  },
  agency: {
    maxWorkspaces: null,
    maxScansPerMonth: 1_000_000,
    maxDynamicCodes: 2_500,
    requestsPerMinute: 3_000,
    maxStorageBytes: 51_200 * MB,
    maxFiles: 25_000,
    maxLogos: 2_500,
  },
  enterprise: {
    maxWorkspaces: null,
    maxScansPerMonth: 10_000_000,
    maxDynamicCodes: 25_000,
    requestsPerMinute: 10_000,
    maxStorageBytes: 512_000 * MB,
    maxFiles: 250_000,
    maxLogos: 25_000,
  },
};
