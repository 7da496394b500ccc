import type { Selectable } from 'kysely';
import type { DB } from '../../db/database.js';
import type { ServiceDeps } from '../../platform/deps.js';
import { newId } from '../../lib/ids.js';
import { enqueueJob, enqueueJobs, type Job } from '../../platform/jobs/index.js';
import { OPT_IN_ONLY, ORGANIZATION_WIDE, type EventType, type PublishedEvent } from '../../platform/events/index.js';
import { insertDeliveries, listeningEndpoints } from './webhooks.repo.js';
import type { WebhookEndpointsTable } from './webhooks.table.js';

export const DELIVER_JOB = 'webhooks.deliver';
/** Events one fan-out call takes: database rows only, so a large batch costs little. */
export const FAN_OUT_BATCH = 200;
// Rows per INSERT: well below SQLite's and PostgreSQL's limits on bound values.
const CHUNK = 500;

type Endpoint = Selectable<WebhookEndpointsTable>;
type EventLike = { id: string; type: string } & ({ payload: string } | { timestamp: string; data: unknown });

/** Whether an endpoint's subscription covers an event type (`*` leaves out the opt-in ones). */
export function subscribes(eventTypes: string[], type: string): boolean {
  return eventTypes.includes(type) || (eventTypes.includes('*') && !OPT_IN_ONLY.has(type as EventType));
}

// The body is fixed when the delivery is made, so every attempt and redelivery signs the same bytes.
function deliveryRow(endpoint: Pick<Endpoint, 'id' | 'workspace_id'>, event: EventLike, at: Date) {
  const payload =
    'payload' in event
      ? event.payload
      : JSON.stringify({ type: event.type, timestamp: event.timestamp, data: event.data });
  return {
    id: newId('whd'),
    webhook_id: endpoint.id,
    workspace_id: endpoint.workspace_id,
    event_id: event.id,
    event_type: event.type,
    payload,
    status: 'pending' as const,
    attempts: '[]',
    created_at: at.toISOString(),
    updated_at: at.toISOString(),
  };
}

/** A delivery row and its job, in the caller's transaction (a redelivery, a test event). */
export async function queueDelivery(
  trx: DB,
  endpoint: Pick<Endpoint, 'id' | 'workspace_id'>,
  event: EventLike,
  at: Date,
  dedupeKey?: string,
) {
  const row = deliveryRow(endpoint, event, at);
  const queued = await enqueueJob(trx, { kind: DELIVER_JOB, payload: { delivery_id: row.id }, dedupeKey }, at);
  if (queued) await insertDeliveries(trx, [row]);
  return row;
}

/**
 * Published events → one delivery per subscribed endpoint, a batch of events at a time in a few
 * set-based statements (docs/decisions.md D32): one endpoint read per organization or workspace,
 * one INSERT of jobs and one of deliveries per 500 rows. The dedupe key (event, endpoint) keeps a
 * re-run after a crash from adding any twice.
 */
export function fanOut(deps: ServiceDeps) {
  return async (jobs: Job<PublishedEvent>[]): Promise<null[]> => {
    const audiences = new Map<string, Awaited<ReturnType<typeof listeningEndpoints>>>();
    const planned: { key: string; row: ReturnType<typeof deliveryRow> }[] = [];
    const at = deps.clock.now();
    for (const { payload: event } of jobs) {
      const workspace = ORGANIZATION_WIDE(event.type) ? null : event.workspace_id;
      const audience = `${event.organization_id}/${workspace ?? '*'}`;
      if (!audiences.has(audience))
        audiences.set(audience, await listeningEndpoints(deps.db, event.organization_id, workspace));
      for (const endpoint of audiences.get(audience)!) {
        // An endpoint hears what happens from its creation on, not events still on their way then.
        if (endpoint.created_at > event.timestamp) continue;
        if (!subscribes(JSON.parse(endpoint.event_types) as string[], event.type)) continue;
        planned.push({ key: `${event.id}:${endpoint.id}`, row: deliveryRow(endpoint, event, at) });
      }
    }
    if (planned.length)
      await deps.db.transaction().execute(async (trx) => {
        for (let i = 0; i < planned.length; i += CHUNK) {
          const chunk = planned.slice(i, i + CHUNK);
          const jobRows = chunk.map((p) => ({
            kind: DELIVER_JOB,
            payload: { delivery_id: p.row.id },
            dedupeKey: p.key,
          }));
          const free = await enqueueJobs(trx, jobRows, at);
          await insertDeliveries(
            trx,
            chunk.filter((p) => free.has(p.key)).map((p) => p.row),
          );
        }
      });
    return jobs.map(() => null);
  };
}
