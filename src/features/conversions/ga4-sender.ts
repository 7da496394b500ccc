import type { ServiceDeps } from '../../platform/deps.js';
import { unseal } from '../../lib/sealed.js';
import type { Job } from '../../platform/jobs/index.js';
import { ga4SettingsOf } from './conversions.repo.js';
import type { Ga4Payload } from './ga4-scans.js';

/** The Measurement Protocol takes at most 25 events a request. */
const EVENTS_PER_REQUEST = 25;
/** Google drops events older than 72 hours; a later retry would only send what it ignores. */
const MAX_AGE_MS = 72 * 3_600_000;

/**
 * Posts one batch's scans of a workspace to GA4's Measurement Protocol (docs/decisions.md D81):
 * a `qr_scan` event per scan, at its scan time, one request per code and 25 scans. qrs keeps no
 * visitor identity, so the `client_id` is the code's (GA4's "users" are codes). Settings removed
 * since the batch was queued: nothing is sent. A non-2xx answer fails the job, which retries.
 */
export async function forwardToGa4(deps: ServiceDeps, job: Job<Ga4Payload>): Promise<void> {
  const settings = await ga4SettingsOf(deps.db, job.payload.workspace_id);
  if (!settings) return;
  const secret = unseal(deps.config.secretsKey, settings.api_secret);
  const url = new URL('/mp/collect', deps.config.ga4Endpoint);
  url.searchParams.set('measurement_id', settings.measurement_id);
  url.searchParams.set('api_secret', secret);
  const oldest = deps.clock.now().getTime() - MAX_AGE_MS;
  const byCode = new Map<string, Ga4Payload['scans']>();
  for (const s of job.payload.scans) {
    if (Date.parse(s.scanned_at) < oldest) continue;
    let list = byCode.get(s.code_id);
    if (!list) byCode.set(s.code_id, (list = []));
    list.push(s);
  }
  for (const [codeId, scans] of byCode)
    for (let i = 0; i < scans.length; i += EVENTS_PER_REQUEST) {
      const body = {
        client_id: `qrs.${codeId}`,
        events: scans.slice(i, i + EVENTS_PER_REQUEST).map((s) => ({
          name: 'qr_scan',
          timestamp_micros: Date.parse(s.scanned_at) * 1000,
          params: { code_id: codeId, scan_id: s.id, engagement_time_msec: 1 },
        })),
      };
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: job.signal,
      });
      await res.body?.cancel();
      if (!res.ok) throw new Error(`GA4 Measurement Protocol answered ${res.status}`);
    }
}
