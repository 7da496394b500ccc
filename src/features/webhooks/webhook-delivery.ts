import type { Selectable } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database.js';
import type { ServiceDeps } from '../../platform/deps.js';
import { PermanentJobError, type Job } from '../../platform/jobs/index.js';
import { recordAudit, systemActor } from '../audit/index.js';
import type { AgentPool } from './webhook-agents.js';
import { postTo, type SendResult } from './webhook-sender.js';
import { signedHeaders } from './webhook-signature.js';
import { openWebhookSecret } from './webhook-secrets.js';
import { addressesOf, isRefusal, type UrlRules } from './webhook-url.js';
import { deliveriesWithEndpoints, updateDelivery, updateEndpoint } from './webhooks.repo.js';
import { toWebhook, type DeliveryAttempt } from './webhooks.schemas.js';
import type { WebhookEndpointsTable } from './webhooks.table.js';

export { DELIVER_JOB } from './webhook-fan-out.js';

/** The schedule: at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (each ±10 %). */
export const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
export const REQUEST_TIMEOUT_MS = 10_000;
/** An endpoint failing this long without a success is disabled. */
export const DISABLE_AFTER_MS = 5 * 86_400_000;

type Endpoint = Selectable<WebhookEndpointsTable>;

/** What delivery takes besides {@link ServiceDeps}, as `ServiceDeps & DeliverySender`. */
export interface DeliverySender {
  log: FastifyBaseLogger;
  rules: UrlRules;
  userAgent: string;
  agents: AgentPool;
}

interface Sent {
  job: Job<{ delivery_id: string }>;
  deliveryId: string;
  endpoint: Endpoint;
  attempts: DeliveryAttempt[];
  result: SendResult | null;
}

/**
 * One attempt of each delivery of a batch (docs/decisions.md D32): one read of the deliveries and
 * their endpoints, the requests side by side, then one transaction for every outcome. A failure
 * is that job's error, so the queue retries it on the schedule above.
 */
export function deliver(deps: ServiceDeps & DeliverySender) {
  return async (jobs: Job<{ delivery_id: string }>[]): Promise<(Error | null)[]> => {
    const { db, clock } = deps;
    const rows = await deliveriesWithEndpoints(
      db,
      jobs.map((j) => j.payload.delivery_id),
    );
    const byId = new Map(rows.map((r) => [r.delivery_id, r]));
    // One object per endpoint, so outcomes later in the batch see what earlier ones changed.
    const endpoints = new Map<string, Endpoint>();
    const now = clock.now();
    const sent = await Promise.all(
      jobs.map(async (job): Promise<Sent | null> => {
        const row = byId.get(job.payload.delivery_id);
        if (!row) return null; // its endpoint was deleted
        const { delivery_id: deliveryId, event_id: eventId, payload, attempts, ...endpointRow } = row;
        if (!endpoints.has(endpointRow.id)) endpoints.set(endpointRow.id, endpointRow);
        const endpoint = endpoints.get(endpointRow.id)!;
        const parsed = JSON.parse(attempts) as DeliveryAttempt[];
        if (!endpoint.enabled) return { job, deliveryId, endpoint, attempts: parsed, result: null };
        const headers = {
          'content-type': 'application/json',
          'user-agent': deps.userAgent,
          ...signedHeaders(openSecrets(deps.config.secretsKey, endpoint), eventId, payload, now),
        };
        const result = await attempt(deps, endpoint.url, payload, headers, job.signal);
        parsed.push({
          attempted_at: now.toISOString(),
          request_headers: headers,
          response_status: result.status,
          response_body: result.body,
          duration_ms: result.durationMs,
          error: result.error,
        });
        return { job, deliveryId, endpoint, attempts: parsed, result };
      }),
    );
    return db.transaction().execute(async (trx) => {
      const outcomes: (Error | null)[] = [];
      for (const s of sent) outcomes.push(s ? await record(trx, s, now) : null);
      return outcomes;
    });
  };
}

/** Writes one attempt's outcome and what it changes on the endpoint; returns the job's error, if any. */
async function record(trx: DB, s: Sent, now: Date): Promise<Error | null> {
  const { endpoint, result } = s;
  const at = now.toISOString();
  if (!result) {
    await updateDelivery(trx, s.deliveryId, { status: 'failed', updated_at: at });
    return new PermanentJobError('the endpoint is disabled');
  }
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const disableFor = ok ? null : disableReason(endpoint, result, now);
  const last = ok || disableFor !== null || s.job.attempt >= s.job.maxAttempts;
  await updateDelivery(trx, s.deliveryId, {
    status: ok ? 'succeeded' : last ? 'failed' : 'pending',
    attempts: JSON.stringify(s.attempts),
    updated_at: at,
  });
  if (ok && endpoint.failing_since) await changeEndpoint(trx, endpoint, { failing_since: null, updated_at: at });
  else if (!ok && disableFor) await disable(trx, endpoint, disableFor, now);
  else if (!ok && !endpoint.failing_since) await changeEndpoint(trx, endpoint, { failing_since: at, updated_at: at });
  if (ok) return null;
  const why = result.error ?? `answered ${result.status}`;
  return disableFor ? new PermanentJobError(`${why}; ${disableFor}`) : new Error(why);
}

/** The endpoint's secrets as they sign, opened for this attempt only. */
function openSecrets(key: Buffer, endpoint: Endpoint) {
  return {
    secret: openWebhookSecret(key, endpoint.secret),
    previous_secret: endpoint.previous_secret && openWebhookSecret(key, endpoint.previous_secret),
    previous_secret_expires_at: endpoint.previous_secret_expires_at,
  };
}

async function changeEndpoint(trx: DB, endpoint: Endpoint, values: Partial<Endpoint>) {
  await updateEndpoint(trx, endpoint.id, values);
  Object.assign(endpoint, values);
}

async function attempt(
  deps: ServiceDeps & DeliverySender,
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<SendResult> {
  const url = new URL(rawUrl);
  // Checked again at every attempt: the name may point elsewhere since it was saved.
  const addresses = await addressesOf(url, deps.rules);
  if (isRefusal(addresses)) return { status: null, body: '', error: `refused: ${addresses.detail}`, durationMs: 0 };
  const agent = deps.agents.get(url, addresses[0]);
  return postTo(url, agent, body, headers, { timeoutMs: REQUEST_TIMEOUT_MS, signal });
}

function disableReason(endpoint: Endpoint, result: SendResult, now: Date): string | null {
  if (result.status === 410) return 'the endpoint answered 410 Gone';
  const since = endpoint.failing_since ? Date.parse(endpoint.failing_since) : now.getTime();
  return now.getTime() - since >= DISABLE_AFTER_MS ? 'deliveries failed for five days' : null;
}

/** The service turns the endpoint off; the audit log says so, with `system` as the actor. */
async function disable(trx: DB, endpoint: Endpoint, reason: string, now: Date) {
  const values = { enabled: 0, disabled_reason: reason, updated_at: now.toISOString() };
  const before = toWebhook(endpoint);
  await changeEndpoint(trx, endpoint, values);
  await recordAudit(
    trx,
    systemActor({ organizationId: endpoint.organization_id, workspaceId: endpoint.workspace_id }),
    {
      action: 'webhooks.updated',
      resourceType: 'webhooks',
      resourceId: endpoint.id,
      before,
      after: toWebhook(endpoint),
      at: now,
    },
  );
}
