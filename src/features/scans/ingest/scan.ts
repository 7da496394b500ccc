import type { ScanRow } from '../scans.table.js';

/** The code fields a scan needs; the redirect cache's target has them. */
export interface ScanCode {
  codeId: string;
  shortCode: string;
  workspaceId: string;
  organizationId: string;
}

/**
 * One scan as the redirect records it. Adding a dimension: a column on ScansTable and a
 * migration, a field here, a line in toScanRow below (the compiler insists) and the
 * response schema.
 */
export interface Scan {
  /** time-ordered (scan-id.ts), given when recorded: a batch written again after a lost commit reply carries the same ids */
  id: string;
  code: ScanCode;
  /** scan time, epoch ms */
  at: number;
  /** the raw client IP: only its daily-salted hash is stored */
  ip: string | null;
  /** the IP's daily-salted hash when already computed (a scan read back from the journal, which never holds the IP) */
  ipHash?: string | null;
  country: string | null;
  device: string | null;
  os: string | null;
  browser: string | null;
  referrer: string | null;
  language: string | null;
  destination: string | null;
  bot: boolean;
}

/**
 * The one mapping from a recorded scan to its row. ScanRow has every column, none optional: a
 * column added to ScansTable and not mapped here fails to compile.
 */
export function toScanRow(scan: Scan, iso: string, ipHash: string | null): ScanRow {
  return {
    id: scan.id,
    code_id: scan.code.codeId,
    workspace_id: scan.code.workspaceId,
    organization_id: scan.code.organizationId,
    scanned_at: iso,
    country: scan.country,
    device: scan.device,
    os: scan.os,
    browser: scan.browser,
    referrer: scan.referrer,
    language: scan.language,
    is_bot: scan.bot ? 1 : 0,
    ip_hash: ipHash,
    destination: scan.destination,
  };
}
