import type { ScanRow } from '../analytics/index.js';
import type { Scan } from './scan.js';

export type { ScanRow };

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
