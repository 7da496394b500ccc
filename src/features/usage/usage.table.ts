export interface UsageCountersTable {
  organization_id: string;
  /** YYYY-MM, UTC */
  period: string;
  scans: number;
}
