/**
 * Grains of a rollup bucket, all UTC: quarter hour ('2026-03-29T01:15'), hour ('2026-03-29T01'),
 * day ('2026-03-29'), month ('2026-03'). Every modern IANA offset is a multiple of 15 minutes, so
 * any zone's day is a whole number of quarters; hours, days and months keep long ranges short.
 */
export type Grain = 'q' | 'h' | 'd' | 'm';

/** Counters of one bucket; `visitors` only on `total` rows (see docs/analytics.md). */
export interface RollupCounters {
  scans: number;
  humans: number;
  visitors: number;
  human_visitors: number;
}

/** Per code. `dimension` 'total' has value ''; other dimensions store unknown as ''. */
export interface ScanRollupsTable extends RollupCounters {
  code_id: string;
  grain: Grain;
  bucket: string;
  dimension: string;
  value: string;
}

/** Per workspace, plus the dimension 'code' (value = code id) for top codes. */
export interface WorkspaceRollupsTable extends RollupCounters {
  workspace_id: string;
  grain: Grain;
  bucket: string;
  dimension: string;
  value: string;
}

/**
 * Who was seen on a UTC day: a code's or a workspace's id, the day, 1 for the human-only set and
 * 0 for all, and the daily-salted IP hash. Only recent days are kept: it decides whether a scan
 * brings a new visitor-day, and the counts live in the rollups.
 */
export interface ScanVisitorsTable {
  scope_id: string;
  day: string;
  human: number;
  ip_hash: string;
}
