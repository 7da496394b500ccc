import { randomBytes } from 'node:crypto';
import type { DB } from '../../db/database.js';
import type { ServiceDeps } from '../../platform/deps.js';
import type { Principal } from '../../http/principal.js';
import { invalid, notFound, type FieldError } from '../../http/errors.js';
import { paginate } from '../../http/pagination.js';
import { lockRow } from '../../db/row-lock.js';
import { newId } from '../../lib/ids.js';
import { auditActor, recordAudit } from '../audit/index.js';
import { SUBSCRIBABLE } from '../../platform/events/index.js';
import { queueDelivery } from './webhook-fan-out.js';
import { addressesOf, isRefusal, parseEndpointUrl } from './webhook-url.js';
import { sealWebhookSecret } from './webhook-secrets.js';
import {
  deleteEndpoint,
  deliveriesOf,
  endpointsOfWorkspace,
  findDelivery,
  findEndpoint,
  insertEndpoint,
  updateEndpoint,
  urlTaken,
} from './webhooks.repo.js';
import {
  toDelivery,
  toWebhook,
  type CreateWebhookBody,
  type DeliveryListQuery,
  type UpdateWebhookBody,
  type WebhookListQuery,
} from './webhooks.schemas.js';

/** How long the secret before a rotation still signs (docs/webhooks.md). */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** Every problem of a URL and an event-type list, with pointers (docs/webhooks.md, bad input). */
async function checkInput(
  ctx: ServiceDeps<'hostResolver'>,
  db: DB,
  workspaceId: string,
  input: { url?: string; event_types?: string[] },
  exceptId?: string,
): Promise<void> {
  const errors: FieldError[] = [];
  if (input.url !== undefined) {
    const url = parseEndpointUrl(input.url, { httpsOnly: ctx.config.env === 'production' });
    const checked = isRefusal(url)
      ? url
      : ctx.config.webhookAllowPrivate
        ? null
        : await addressesOf(url, { ...rulesOf(ctx) });
    if (isRefusal(checked)) errors.push({ pointer: '/url', detail: checked.detail, code: checked.code });
    else if (await urlTaken(db, workspaceId, input.url, exceptId))
      errors.push({
        pointer: '/url',
        detail: 'another endpoint of this workspace has this URL',
        code: 'endpoint_exists',
      });
  }
  input.event_types?.forEach((t, i) => {
    if (t !== '*' && !(SUBSCRIBABLE as string[]).includes(t))
      errors.push({ pointer: `/event_types/${i}`, detail: `unknown event type ${t}`, code: 'unknown_event_type' });
  });
  if (errors.length) throw invalid(errors);
}

export function rulesOf(ctx: ServiceDeps<'hostResolver'>) {
  return {
    httpsOnly: ctx.config.env === 'production',
    allowPrivate: ctx.config.webhookAllowPrivate,
    resolver: ctx.hostResolver,
  };
}

async function endpointOf(db: DB, p: Principal, id: string) {
  const row = await findEndpoint(db, p.workspaceId, id);
  if (!row) throw notFound('Webhook');
  return row;
}

export async function createWebhook(ctx: ServiceDeps<'hostResolver'>, p: Principal, body: CreateWebhookBody) {
  const at = ctx.clock.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    await checkInput(ctx, trx, p.workspaceId, body);
    const secret = newSecret();
    const row = {
      id: newId('whk'),
      organization_id: p.organizationId,
      workspace_id: p.workspaceId,
      url: body.url,
      description: body.description ?? null,
      event_types: JSON.stringify([...new Set(body.event_types)]),
      enabled: body.enabled === false ? 0 : 1,
      disabled_reason: null,
      secret: sealWebhookSecret(ctx.config.secretsKey, secret),
      previous_secret: null,
      previous_secret_expires_at: null,
      failing_since: null,
      created_at: at,
      updated_at: at,
    };
    await insertEndpoint(trx, row);
    const webhook = toWebhook(row);
    await recordAudit(trx, auditActor(p), {
      action: 'webhooks.created',
      resourceType: 'webhooks',
      resourceId: row.id,
      after: webhook,
      at: new Date(at),
    });
    return { ...webhook, secret };
  });
}

export async function listWebhooks(ctx: ServiceDeps<'hostResolver'>, p: Principal, q: WebhookListQuery) {
  const page = await paginate(endpointsOfWorkspace(ctx.db, p.workspaceId), q, 'whk');
  return { ...page, items: page.items.map(toWebhook) };
}

export async function getWebhook(ctx: ServiceDeps<'hostResolver'>, p: Principal, id: string) {
  return toWebhook(await endpointOf(ctx.db, p, id));
}

export async function updateWebhook(
  ctx: ServiceDeps<'hostResolver'>,
  p: Principal,
  id: string,
  body: UpdateWebhookBody,
) {
  const at = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'webhook_endpoints', id);
    const row = await endpointOf(trx, p, id);
    await checkInput(ctx, trx, p.workspaceId, body, id);
    const next = {
      ...row,
      ...(body.url !== undefined && { url: body.url }),
      ...(body.description !== undefined && { description: body.description }),
      ...(body.event_types !== undefined && { event_types: JSON.stringify([...new Set(body.event_types)]) }),
      // Turning an endpoint on again forgets why the service turned it off, and its failures.
      ...(body.enabled !== undefined && {
        enabled: body.enabled ? 1 : 0,
        disabled_reason: null,
        ...(body.enabled && { failing_since: null }),
      }),
      updated_at: at.toISOString(),
    };
    const same = (w: ReturnType<typeof toWebhook>) => JSON.stringify({ ...w, updated_at: null });
    // A PATCH that changes nothing is not a change: no write, no audit entry.
    if (same(toWebhook(row)) === same(toWebhook(next))) return toWebhook(row);
    const { id: _id, ...values } = next;
    await updateEndpoint(trx, id, values);
    await recordAudit(trx, auditActor(p), {
      action: 'webhooks.updated',
      resourceType: 'webhooks',
      resourceId: id,
      before: toWebhook(row),
      after: toWebhook(next),
      at,
    });
    return toWebhook(next);
  });
}

export async function removeWebhook(ctx: ServiceDeps<'hostResolver'>, p: Principal, id: string) {
  const at = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'webhook_endpoints', id);
    const row = await endpointOf(trx, p, id);
    await deleteEndpoint(trx, id);
    await recordAudit(trx, auditActor(p), {
      action: 'webhooks.deleted',
      resourceType: 'webhooks',
      resourceId: id,
      before: toWebhook(row),
      at,
    });
  });
}

/** A new secret, shown once; the old one keeps signing alongside it for 24 hours. */
export async function rotateSecret(ctx: ServiceDeps<'hostResolver'>, p: Principal, id: string) {
  const at = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'webhook_endpoints', id);
    const row = await endpointOf(trx, p, id);
    const secret = newSecret();
    const values = {
      secret: sealWebhookSecret(ctx.config.secretsKey, secret),
      previous_secret: row.secret,
      previous_secret_expires_at: new Date(at.getTime() + ROTATION_OVERLAP_MS).toISOString(),
      updated_at: at.toISOString(),
    };
    await updateEndpoint(trx, id, values);
    const after = toWebhook({ ...row, ...values });
    await recordAudit(trx, auditActor(p), {
      action: 'webhooks.secret_rotated',
      resourceType: 'webhooks',
      resourceId: id,
      before: toWebhook(row),
      after,
      at,
    });
    return { ...after, secret };
  });
}

/** Queues a `webhook.test` event for this endpoint alone. */
export async function sendTestEvent(ctx: ServiceDeps<'hostResolver'>, p: Principal, id: string) {
  const at = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const row = await endpointOf(trx, p, id);
    const event = { id: newId('evt'), type: 'webhook.test', timestamp: at.toISOString(), data: { webhook_id: row.id } };
    return toDelivery(await queueDelivery(trx, row, event, at));
  });
}

export async function listDeliveries(ctx: ServiceDeps<'hostResolver'>, p: Principal, id: string, q: DeliveryListQuery) {
  await endpointOf(ctx.db, p, id);
  const page = await paginate(deliveriesOf(ctx.db, id, { status: q.status, eventType: q.event_type }), q, 'whd');
  return { ...page, items: page.items.map(toDelivery) };
}

/** Sends a delivery's event again, as a new delivery with the same webhook-id and body. */
export async function redeliver(ctx: ServiceDeps<'hostResolver'>, p: Principal, id: string, deliveryId: string) {
  const at = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const row = await endpointOf(trx, p, id);
    const old = await findDelivery(trx, id, deliveryId);
    if (!old) throw notFound('Delivery');
    const event = { id: old.event_id, type: old.event_type, payload: old.payload };
    return toDelivery(await queueDelivery(trx, row, event, at));
  });
}
