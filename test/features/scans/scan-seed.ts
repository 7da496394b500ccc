import type { DB } from '../../../src/db/database.js';
import { scanId } from '../../../src/features/scans/ingest/scan-id.js';
import type { Tenant } from '../../support/harness.js';

export interface SeedScan {
  at: number;
  isBot?: boolean;
  country?: string | null;
  referrer?: string | null;
  language?: string | null;
  destination?: string | null;
  ipHash?: string | null;
  id?: string;
}

/**
 * Raw scan rows written straight into the table (500 a statement) with the code's counters kept
 * as the flush keeps them, for tests that need many or exact rows fast.
 */
export async function seedScans(
  db: DB,
  t: Tenant,
  codeId: string,
  scans: SeedScan[],
  workspaceId = t.workspaceId,
): Promise<string[]> {
  const rows = scans.map((s) => ({
    id: s.id ?? scanId(s.at),
    code_id: codeId,
    workspace_id: workspaceId,
    organization_id: t.organizationId,
    scanned_at: new Date(s.at).toISOString(),
    country: s.country ?? null,
    device: 'mobile',
    os: 'iOS',
    browser: 'Mobile Safari',
    referrer: s.referrer ?? null,
    language: s.language ?? null,
    is_bot: s.isBot ? 1 : 0,
    ip_hash: s.ipHash ?? null,
    destination: s.destination ?? null,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('scans')
      .values(rows.slice(i, i + 500))
      .execute();
  const bots = scans.filter((s) => s.isBot).length;
  await db
    .updateTable('codes')
    .set((eb) => ({
      scan_count: eb('scan_count', '+', scans.length - bots),
      bot_scan_count: eb('bot_scan_count', '+', bots),
    }))
    .where('id', '=', codeId)
    .execute();
  return rows.map((r) => r.id);
}
