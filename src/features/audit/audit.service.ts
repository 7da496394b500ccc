import type { DB } from '../../db/database.js';
import type { ActorDirectory } from '../../platform/actors.js';
import type { ServiceDeps } from '../../platform/deps.js';
import { withActors } from '../../http/actor.js';
import type { Principal } from '../../http/principal.js';
import { newId } from '../../lib/ids.js';
import { notFound } from '../../http/errors.js';
import { paginate } from '../../http/pagination.js';
import type { AuditCountCache } from './audit-count.js';
import { auditQuery, findAuditEntry } from './audit.repo.js';
import { eventTypeOfAction, publishEvent } from '../../platform/events/index.js';
import { toAuditEntry, type AuditListQuery, type AuditResourceType } from './audit.schemas.js';

/**
 * Who made a change (docs/decisions.md D6). Built only here, one builder per kind of actor:
 * {@link auditActor} for a principal, {@link userActor} for a signed-in user outside any principal,
 * {@link systemActor} for nobody in particular.
 */
export interface AuditWho {
  actorType: 'api' | 'user' | 'system';
  actorId: string | null;
  requestId: string | null;
}

/** Who made a change and whose log holds the entry (the log is per workspace). */
export interface AuditActor extends AuditWho {
  organizationId: string;
  workspaceId: string;
}

/**
 * The actor of a change nobody in particular made: the CLI, operator commands and background jobs.
 * `where` (usually `{ organizationId, workspaceId }`) names the log the entry lands in.
 */
export function systemActor<W extends object = Record<never, never>>(where?: W): AuditWho & W {
  return { actorType: 'system', actorId: null, requestId: null, ...where } as AuditWho & W;
}

/** The actor of a change a signed-in user made outside any principal (accepting an invitation, erasing themselves). */
export function userActor<W extends object = Record<never, never>>(
  userId: string,
  requestId: string | null,
  where?: W,
): AuditWho & W {
  return { actorType: 'user', actorId: userId, requestId, ...where } as AuditWho & W;
}

/**
 * The actor of a change a principal made; its entry lands in the principal's workspace unless the
 * change belongs to another one of its organization (a workspace, its members, an API key's).
 */
export function auditActor(p: Principal, workspaceId = p.workspaceId): AuditActor {
  return {
    actorType: p.actorType,
    actorId: p.actorId,
    requestId: p.requestId,
    organizationId: p.organizationId,
    workspaceId,
  };
}

export type Changes = Record<string, { old: unknown; new: unknown }>;

// Never written to the log (docs/decisions.md D6).
const SECRET_FIELDS = new Set([
  'key_hash',
  'password_hash',
  'token_hash',
  'csrf_token',
  'secret',
  'api_key',
  'password',
]);

/** docs/decisions.md D6: `{field: {old, new}}` for every field that differs; creation has `old: null`. */
export function diff(before: Record<string, unknown> | null, after: Record<string, unknown> | null): Changes {
  const out: Changes = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const k of keys) {
    if (SECRET_FIELDS.has(k) || k === 'updated_at') continue;
    const o = before?.[k] ?? null;
    const n = after?.[k] ?? null;
    if (JSON.stringify(o) !== JSON.stringify(n)) out[k] = { old: o, new: n };
  }
  return out;
}

/**
 * Writes one entry; call it with the transaction of the change itself, so a change and its record
 * commit or roll back together (docs/decisions.md D6). The type is
 * one the list filter accepts, so every entry written can be found by its type.
 */
export async function recordAudit(
  trx: DB,
  actor: AuditActor,
  entry: {
    action: string;
    resourceType: AuditResourceType;
    resourceId: string;
    before?: Record<string, unknown> | null;
    after?: Record<string, unknown> | null;
    at: Date;
  },
): Promise<void> {
  await trx
    .insertInto('audit_logs')
    .values({
      id: newId('aud'),
      organization_id: actor.organizationId,
      workspace_id: actor.workspaceId,
      actor_type: actor.actorType,
      actor_id: actor.actorId,
      action: entry.action,
      resource_type: entry.resourceType,
      resource_id: entry.resourceId,
      changes: JSON.stringify(diff(entry.before ?? null, entry.after ?? null)),
      request_id: actor.requestId,
      created_at: entry.at.toISOString(),
    })
    .execute();
  // docs/decisions.md D13: the changes that users' systems hear about are exactly the audited ones.
  const type = eventTypeOfAction(entry.action);
  if (type) {
    const data = withoutSecrets(entry.after ?? entry.before ?? { id: entry.resourceId });
    await publishEvent(
      trx,
      { type, organizationId: actor.organizationId, workspaceId: actor.workspaceId, data },
      entry.at,
    );
  }
}

function withoutSecrets(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([k]) => !SECRET_FIELDS.has(k)));
}

/**
 * GET /v1/audit-logs: the principal's workspace only, newest first, exact total_count (docs/decisions.md D2). The
 * count comes from AuditCountCache, since a live COUNT over a million entries costs tens of ms.
 */
/** Where an entry is read: the log's workspace, and its organization for the actors' names. */
export interface AuditScope {
  organizationId: string;
  workspaceId: string;
}

/** The member a role change is about: its changes hold one `member:<usr_…>` field. */
const memberOf = (e: { changes: Record<string, unknown> }) =>
  Object.keys(e.changes)
    .find((f) => f.startsWith('member:'))
    ?.slice('member:'.length) ?? null;

/** Entries with their actor (and a role change's member) in words beside the ids (docs/decisions.md D65). */
async function named(actors: ActorDirectory, db: DB, scope: AuditScope, rows: Parameters<typeof toAuditEntry>[0][]) {
  const entries = await withActors(
    actors,
    db,
    scope.organizationId,
    rows.map(toAuditEntry),
    (e) => e.actor_id,
    'actor',
  );
  return withActors(actors, db, scope.organizationId, entries, memberOf, 'subject');
}

export async function listAudit(
  deps: ServiceDeps<'actors'>,
  counts: AuditCountCache,
  scope: AuditScope,
  q: AuditListQuery,
  now: Date,
) {
  const { db, actors } = deps;
  const { workspaceId } = scope;
  const page = await paginate(auditQuery(db, workspaceId, q), q, 'aud', 'id', () =>
    counts.count(db, workspaceId, q, now.getTime()),
  );
  return { ...page, items: await named(actors, db, scope, page.items) };
}

export async function getAuditEntry(deps: ServiceDeps<'actors'>, scope: AuditScope, id: string) {
  const row = await findAuditEntry(deps.db, scope.workspaceId, id);
  if (!row) throw notFound('Audit log entry');
  return (await named(deps.actors, deps.db, scope, [row]))[0];
}
