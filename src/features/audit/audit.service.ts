import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isId, newId } from '../../lib/ids.js';
import { invalidField, notFound } from '../../http/errors.js';
import type { AuditCountCache } from './audit-count.js';
import { auditQuery, findAuditEntry } from './audit.repo.js';
import { toAuditEntry, type AuditListQuery } from './audit.schemas.js';

export interface AuditActor {
  actorType: 'api' | 'user' | 'system';
  actorId: string | null;
  requestId: string | null;
  organizationId: string;
  workspaceId: string;
}

export type Changes = Record<string, { old: unknown; new: unknown }>;

// Never written to the log (D6).
const SECRET_FIELDS = new Set(['key_hash', 'password_hash', 'token_hash', 'csrf_token', 'secret', 'api_key', 'password']);

/** D6: `{field: {old, new}}` for every field that differs; creation has `old: null`. */
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

/** Writes one entry; call it with the transaction of the change itself (STYLE, Unkey). */
export async function recordAudit(
  trx: Kysely<Database>,
  actor: AuditActor,
  entry: { action: string; resourceType: string; resourceId: string; before?: Record<string, unknown> | null; after?: Record<string, unknown> | null; at: Date },
): Promise<void> {
  await trx.insertInto('audit_logs').values({
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
  }).execute();
}

/**
 * GET /v1/audit-logs: the principal's workspace only, newest first, exact total_count (D2).
 * Same contract as paginate() (cursor checks, limit+1 probe), but the count comes from
 * AuditCountCache, since a live COUNT over a million entries costs tens of milliseconds.
 */
export async function listAudit(db: Kysely<Database>, counts: AuditCountCache, workspaceId: string, q: AuditListQuery, now: Date) {
  const base = auditQuery(db, workspaceId, q);
  const { limit, cursor } = q;
  if (cursor !== undefined) {
    if (!isId(cursor, 'aud')) throw invalidField('/query/cursor', 'cursor must be an id of the form aud_<ULID>', 'cursor');
    if (!(await base.clearSelect().select('id').where('id', '=', cursor).executeTakeFirst())) {
      throw invalidField('/query/cursor', 'cursor does not name an item of this list', 'cursor');
    }
  }
  const rows = await (cursor === undefined ? base : base.where('id', '<', cursor)).orderBy('id', 'desc').limit(limit + 1).execute();
  const has_more = rows.length > limit;
  const items = (has_more ? rows.slice(0, limit) : rows).map(toAuditEntry);
  return {
    items,
    has_more,
    next_cursor: has_more ? items[items.length - 1].id : null,
    total_count: await counts.count(db, workspaceId, q, now.getTime()),
  };
}

export async function getAuditEntry(db: Kysely<Database>, workspaceId: string, id: string) {
  const row = await findAuditEntry(db, workspaceId, id);
  if (!row) throw notFound('Audit log entry');
  return toAuditEntry(row);
}
