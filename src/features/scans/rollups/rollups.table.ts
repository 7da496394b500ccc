/**
 * Grains of a rollup bucket, all UTC: quarter hour ('2026-03-29T01:15'), hour ('2026-03-29T01'),
 * day ('2026-03-29'), month ('2026-03'). Every modern IANA offset is a multiple of 15 minutes, so
 * any zone's day is a whole number of quarters; hours, days and months keep long ranges short.
 */
import type { Generated } from 'kysely';

export type Grain = 'q' | 'h' | 'd' | 'm';

/**
 * A code's UTC hour is dense from this many scans on: four a minute. A scan adds one quarter cell a
 * breakdown (seven) until its values repeat within the quarter, so below this the quarter cells of
 * an hour are about as many rows as its raw scans, or more, and every flush upserts about seven a
 * scan; they are not stored, and sub-day edges of those hours are read from the raw scans (fewer
 * than DENSE_HOUR rows an hour, an index range). From it on, a quarter holds sixty scans on average
 * and its cells are the cheaper record. It was 60 until docs/decisions.md D53; docs/analytics.md
 * has the figures.
 */
export const DENSE_HOUR = 240;

/**
 * A code's UTC month is dense from this many scans on (about seven a day). Below it, its day and
 * month cells of the breakdown dimensions would be about as many rows as its raw scans, so none are
 * stored and a read of such a month counts its raw scans instead (fewer than DENSE_MONTH rows a
 * code-month, an index range), unless retention marked it. From it on a cell holds many scans.
 * docs/decisions.md D40 and D42.
 */
export const DENSE_MONTH = 200;

/** Counters of one bucket; `visitors` only on `total` rows (see docs/analytics.md). */
export interface RollupCounters {
  scans: number;
  humans: number;
  visitors: number;
  human_visitors: number;
}

/**
 * Per code. `dimension` 'total' has value ''; other dimensions store unknown as ''. Quarter cells
 * of the other dimensions exist only for detailed hours, and hour cells never (an hour's read sums
 * its quarters, docs/decisions.md D51): detailed hours are those whose `total` hour row has
 * `detailed = 1` (set by the flush as the hour reaches DENSE_HOUR, by retention before it deletes a
 * sparse hour's raw scans, and by migrations 0015 and 0043 on hours older schemes wrote in full). Day and month cells of
 * the other dimensions are read only for marked months, whose `total` month row has `detailed = 1`
 * (set by the flush as the month turns dense, by retention before it deletes an unmarked month's
 * raw scans, and by migration 0040 on months the old scheme wrote in full); month cells exist only
 * once the month is dense.
 */
export interface ScanRollupsTable extends RollupCounters {
  code_id: string;
  grain: Grain;
  bucket: string;
  dimension: string;
  value: string;
  detailed: Generated<number>;
}

/**
 * Per workspace, every grain, plus the dimension 'code' (value = code id) for top codes at the
 * month grain only: a read of a shorter piece sums the `total` rows of the codes the month cells
 * name. One cell a code at hour, day and month grain made three upserts a code a flush, most of a
 * flush's workspace cells with traffic spread over many codes (docs/decisions.md D54).
 */
export interface WorkspaceRollupsTable extends RollupCounters {
  workspace_id: string;
  grain: Grain;
  bucket: string;
  dimension: string;
  value: string;
}

/**
 * The hex digits of the daily-salted IP hash a visitor-day row keeps: 64 bits, so two of a million
 * visitors of one code on one day share a row with a chance under 3 in 100 million (docs/decisions.md D41).
 */
export const VISITOR_HASH_HEX = 16;

/**
 * Who was seen on a UTC day: a code's or a workspace's id, the day, the first VISITOR_HASH_HEX
 * digits of the daily-salted IP hash, and 1 once a human (non-bot) scan came from it. Only recent days are kept: it decides whether a scan
 * brings a new visitor-day or a new human visitor-day, and the counts live in the rollups.
 */
export interface ScanVisitorsTable {
  scope_id: string;
  day: string;
  ip_hash: string;
  human: number;
}
