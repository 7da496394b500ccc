import type { Insertable, Updateable } from 'kysely';
import type { DB } from '../../db/database.js';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from './webhooks.table.js';

export function findEndpoint(db: DB, workspaceId: string, id: string) {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function endpointById(db: DB, id: string) {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

export function endpointsOfWorkspace(db: DB, workspaceId: string) {
  return db.selectFrom('webhook_endpoints').selectAll().where('workspace_id', '=', workspaceId);
}

export async function urlTaken(db: DB, workspaceId: string, url: string, exceptId?: string) {
  let q = db
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('url', '=', url);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

export async function insertEndpoint(db: DB, row: Insertable<WebhookEndpointsTable>) {
  await db.insertInto('webhook_endpoints').values(row).execute();
}

export async function updateEndpoint(db: DB, id: string, values: Updateable<WebhookEndpointsTable>) {
  await db.updateTable('webhook_endpoints').set(values).where('id', '=', id).execute();
}

export async function deleteEndpoint(db: DB, id: string) {
  await db.deleteFrom('webhook_deliveries').where('webhook_id', '=', id).execute();
  await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
}

/** Enabled endpoints that may hear an event of the workspace (or, given null, of the organization). */
export function listeningEndpoints(db: DB, organizationId: string, workspaceId: string | null) {
  let q = db
    .selectFrom('webhook_endpoints')
    .select(['id', 'workspace_id', 'event_types', 'created_at'])
    .where('organization_id', '=', organizationId)
    .where('enabled', '=', 1);
  if (workspaceId) q = q.where('workspace_id', '=', workspaceId);
  return q.execute();
}

export async function insertDeliveries(db: DB, rows: Insertable<WebhookDeliveriesTable>[]) {
  if (rows.length) await db.insertInto('webhook_deliveries').values(rows).execute();
}

export function findDelivery(db: DB, webhookId: string, id: string) {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Deliveries by id, each with its endpoint (a batch of attempts reads them in one statement). */
export function deliveriesWithEndpoints(db: DB, ids: string[]) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.webhook_id')
    .selectAll('e')
    .select(['d.id as delivery_id', 'd.event_id', 'd.payload', 'd.attempts'])
    .where('d.id', 'in', ids)
    .execute();
}

export function deliveriesOf(db: DB, webhookId: string, filter: { status?: string; eventType?: string }) {
  let q = db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId);
  if (filter.status) q = q.where('status', '=', filter.status as WebhookDeliveriesTable['status']);
  if (filter.eventType) q = q.where('event_type', '=', filter.eventType);
  return q;
}

export async function updateDelivery(db: DB, id: string, values: Updateable<WebhookDeliveriesTable>) {
  await db.updateTable('webhook_deliveries').set(values).where('id', '=', id).execute();
}

/** Deliveries that gave up (every attempt failed) since `since`, across the server (docs/decisions.md D77). */
export async function countFailedDeliveries(db: DB, since: Date): Promise<number> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'failed')
    .where('updated_at', '>=', since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
