import type { ScanConsumer } from '../../platform/scan-consumers.js';
import { enqueueJob } from '../../platform/jobs/index.js';
import { forwardingWorkspaces } from './conversions.repo.js';

/** The job that posts a batch's scans of one workspace to GA4 (ga4-sender.ts). */
export const GA4_FORWARD_JOB = 'ga4.forward';

export interface Ga4Payload {
  workspace_id: string;
  scans: Array<{ id: string; code_id: string; scanned_at: string }>;
}

/**
 * With every scan batch (src/features/scan-consumers.ts), in its transaction: one job per
 * forwarding workspace, so the redirect never waits on Google (docs/decisions.md D81). A workspace
 * without GA4 costs one read by primary key per batch; bots' scans are not forwarded. The dedupe
 * key (workspace and first scan id) keeps a batch written again from queueing it twice.
 */
export const ga4ScansConsumer: ScanConsumer<null> = {
  name: 'ga4.forward',
  async write(trx, rows) {
    const people = rows.filter((r) => r.is_bot !== 1);
    if (people.length === 0) return null;
    const forwarding = await forwardingWorkspaces(trx, [...new Set(people.map((r) => r.workspace_id))]);
    if (forwarding.size === 0) return null;
    const byWorkspace = new Map<string, Ga4Payload['scans']>();
    for (const r of people) {
      if (!forwarding.has(r.workspace_id)) continue;
      let list = byWorkspace.get(r.workspace_id);
      if (!list) byWorkspace.set(r.workspace_id, (list = []));
      list.push({ id: r.id, code_id: r.code_id, scanned_at: r.scanned_at });
    }
    for (const [workspace, scans] of byWorkspace) {
      const payload: Ga4Payload = { workspace_id: workspace, scans };
      await enqueueJob(
        trx,
        { kind: GA4_FORWARD_JOB, payload, dedupeKey: `${workspace}:${scans[0].id}` },
        new Date(scans[scans.length - 1].scanned_at),
      );
    }
    return null;
  },
};
