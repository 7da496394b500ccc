import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { notFound } from '../../http/errors.js';
import { paginate } from '../../http/pagination.js';
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

/** GET /v1/audit-logs: the principal's workspace only, newest first, exact total_count (D2). */
export async function listAudit(db: Kysely<Database>, workspaceId: string, q: AuditListQuery) {
  const page = await paginate(auditQuery(db, workspaceId, q), q, 'aud');
  return { ...page, items: page.items.map(toAuditEntry) };
}

export async function getAuditEntry(db: Kysely<Database>, workspaceId: string, id: string) {
  const row = await findAuditEntry(db, workspaceId, id);
  if (!row) throw notFound('Audit log entry');
  return toAuditEntry(row);
}
