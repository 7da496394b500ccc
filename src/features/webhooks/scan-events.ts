import { sql } from 'kysely';
import type { DB } from '../../db/database.js';
import { publishEvent } from '../../platform/events/index.js';
import type { ScanConsumer } from '../../platform/scan-consumers.js';

interface WrittenScan {
  id: string;
  code_id: string;
  workspace_id: string;
  organization_id: string;
  scanned_at: string;
}

/** `code.scanned` with every scan batch (src/features/scan-consumers.ts); nothing to do after the commit. */
export const scanEventsConsumer: ScanConsumer<null> = {
  name: 'code.scanned',
  async write(trx, rows) {
    await publishScanEvents(trx, rows);
    return null;
  },
};

/**
 * `code.scanned`, one event per code of a written scan batch, inside the batch's transaction
 * (docs/webhooks.md). It is opt-in: workspaces without an endpoint naming it cost one indexed read.
 */
async function publishScanEvents(trx: DB, scans: readonly WrittenScan[]): Promise<void> {
  const workspaces = [...new Set(scans.map((s) => s.workspace_id))];
  const listening = await trx
    .selectFrom('webhook_endpoints')
    .select('workspace_id')
    .distinct()
    .where('workspace_id', 'in', workspaces)
    .where('enabled', '=', 1)
    .where('event_types', 'like', sql<string>`${'%"code.scanned"%'}`)
    .execute();
  if (listening.length === 0) return;
  const heard = new Set(listening.map((l) => l.workspace_id));
  const byCode = new Map<string, { scan: WrittenScan; count: number; first: WrittenScan; last: WrittenScan }>();
  for (const s of scans) {
    if (!heard.has(s.workspace_id)) continue;
    const c = byCode.get(s.code_id);
    if (!c) byCode.set(s.code_id, { scan: s, count: 1, first: s, last: s });
    else {
      c.count++;
      if (s.scanned_at < c.first.scanned_at) c.first = s;
      if (s.scanned_at >= c.last.scanned_at) c.last = s;
    }
  }
  for (const [codeId, c] of byCode) {
    await publishEvent(
      trx,
      {
        type: 'code.scanned',
        organizationId: c.scan.organization_id,
        workspaceId: c.scan.workspace_id,
        data: { code_id: codeId, count: c.count, first_scan_id: c.first.id, last_scan_id: c.last.id },
      },
      new Date(c.last.scanned_at),
    );
  }
}
