import type { DB } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import { enqueueJob } from '../jobs/index.js';
import type { EventType } from './event-types.js';

/** The job kind that carries a published event to its subscribers (the webhooks feature fans it out). */
export const EVENT_JOB = 'events.publish';

export interface PublishedEvent {
  id: string;
  type: EventType;
  /** ISO 8601, the instant of the change */
  timestamp: string;
  organization_id: string;
  workspace_id: string;
  data: Record<string, unknown>;
}

/**
 * Publishes an event inside the transaction of the change (docs/decisions.md D13): the outbox row is
 * a job, so a committed change always yields its event and a rolled-back one never does.
 * `dedupeKey` makes a second publication of the same fact a no-op (a usage threshold per period).
 */
export async function publishEvent(
  trx: DB,
  event: { type: EventType; organizationId: string; workspaceId: string; data: Record<string, unknown> },
  at: Date,
  dedupeKey?: string,
): Promise<void> {
  const payload: PublishedEvent = {
    id: newId('evt'),
    type: event.type,
    timestamp: at.toISOString(),
    organization_id: event.organizationId,
    workspace_id: event.workspaceId,
    data: event.data,
  };
  await enqueueJob(trx, { kind: EVENT_JOB, payload, dedupeKey }, at);
}
