export interface UsageCountersTable {
  organization_id: string;
  /** YYYY-MM, UTC */
  period: string;
  scans: number;
}

export type UsageMeter = 'scans' | 'dynamic_codes';

/** A threshold an organization reached in a period (docs/decisions.md D21); the key makes it once. */
export interface UsageThresholdsTable {
  organization_id: string;
  meter: UsageMeter;
  /** YYYY-MM, UTC */
  period: string;
  /** 80 or 100 (per cent of the plan limit) */
  threshold: number;
  /** the meter's reading and the plan's limit when it was detected */
  used: number;
  plan_limit: number;
  reached_at: string;
}
