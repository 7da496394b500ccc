import { newId } from '../../lib/ids.js';
import type { DB } from '../../db/database.js';
import type { ServiceDeps } from '../../platform/deps.js';
import type { Principal } from '../../http/principal.js';
import { assertEmailVerified, findUserById } from '../accounts/index.js';
import { TEMPLATES, localeOf, queueMail } from '../../platform/mail/index.js';
import { lockRow } from '../../db/row-lock.js';
import { forbidden, invalidField, notFound } from '../../http/errors.js';
import { paginate } from '../../http/pagination.js';
import { withActors } from '../../http/actor.js';
import { actorDirectory } from './actor-directory.js';
import { auditActor, recordAudit } from '../audit/index.js';
import { findWorkspace, canSeeWorkspace, isAdminRole, roleIn } from '../workspaces/index.js';
import { generateApiKey } from './api-keys.fns.js';
import { apiKeysOfWorkspace, findApiKey, insertApiKey, revokeApiKey } from './api-keys.repo.js';
import { toApiKey, type ApiKeyListQuery, type CreateApiKeyBody } from './api-keys.schemas.js';

export interface NewApiKey {
  organizationId: string;
  workspaceId: string;
  name: string;
  createdBy: string | null;
  expiresAt?: string | null;
}

/** Returns the row and the secret; the secret exists only in this return value (docs/decisions.md D4). */
export async function createApiKey(trx: DB, prefix: string, input: NewApiKey, at: Date) {
  const { secret, hash, hint } = generateApiKey(prefix);
  const row = {
    id: newId('key'),
    organization_id: input.organizationId,
    workspace_id: input.workspaceId,
    name: input.name,
    hint,
    key_hash: hash,
    created_by: input.createdBy,
    created_at: at.toISOString(),
    expires_at: input.expiresAt ?? null,
    revoked_at: null,
    last_used_at: null,
  };
  await insertApiKey(trx, row);
  return { row, secret };
}

/** Keys with their creator in words beside created_by (docs/decisions.md D65). */
function named(db: DB, organizationId: string, keys: ReturnType<typeof toApiKey>[]) {
  return withActors(actorDirectory, db, organizationId, keys, (k) => k.created_by, 'creator');
}

/**
 * A workspace named in a body or query: unknown, archived and other organizations' ids all read
 * "not found" (422, as it is an input value); a workspace the caller does not administer is 403.
 */
async function administeredWorkspace(db: DB, p: Principal, workspaceId: string, pointer: string) {
  const ws = await findWorkspace(db, p.organizationId, workspaceId);
  if (!ws || ws.status !== 'active')
    throw invalidField(pointer, 'no active workspace with this id in your organization', 'not_found');
  if (!isAdminRole(await roleIn(db, p, workspaceId)))
    throw forbidden('Managing API keys of this workspace needs ws_admin of it, or org_admin.');
  return ws;
}

export async function issueApiKey(ctx: ServiceDeps, p: Principal, body: CreateApiKeyBody) {
  const at = ctx.clock.now();
  if (body.expires_at !== undefined && Date.parse(body.expires_at) <= at.getTime()) {
    throw invalidField('/expires_at', 'must lie in the future', 'in_past');
  }
  await assertEmailVerified(ctx, ctx.db, p.userId);
  return ctx.db.transaction().execute(async (trx) => {
    const ws = await administeredWorkspace(trx, p, body.workspace_id ?? p.workspaceId, '/workspace_id');
    const expiresAt = body.expires_at === undefined ? null : new Date(body.expires_at).toISOString();
    const { row, secret } = await createApiKey(
      trx,
      ctx.config.apiKeyPrefix,
      {
        organizationId: p.organizationId,
        workspaceId: ws.id,
        name: body.name,
        createdBy: p.userId,
        expiresAt,
      },
      at,
    );
    const key = toApiKey(row, at);
    await recordAudit(trx, auditActor(p, ws.id), {
      action: 'api_keys.created',
      resourceType: 'api_keys',
      resourceId: row.id,
      after: key,
      at,
    });
    // A security notice to the key's creator, queued with the key (docs/decisions.md D14).
    const creator = p.userId ? await findUserById(trx, p.userId) : undefined;
    if (creator) {
      await queueMail(trx, ctx, {
        to: creator.email,
        locale: localeOf(creator.locale),
        template: TEMPLATES.apiKeyCreated,
        params: { name: row.name, prefix: row.hint },
      });
    }
    return { ...(await named(trx, p.organizationId, [key]))[0], api_key: secret };
  });
}

export async function listApiKeys(ctx: ServiceDeps, p: Principal, q: ApiKeyListQuery) {
  const ws = await administeredWorkspace(ctx.db, p, q.workspace_id ?? p.workspaceId, '/query/workspace_id');
  const now = ctx.clock.now();
  const page = await paginate(apiKeysOfWorkspace(ctx.db, ws.id), q, 'key');
  return {
    ...page,
    items: await named(
      ctx.db,
      p.organizationId,
      page.items.map((row) => toApiKey(row, now)),
    ),
  };
}

/** A key of a workspace the caller cannot see is a 404; one it sees but does not administer, 403. */
async function administeredKey(db: DB, p: Principal, id: string) {
  const row = await findApiKey(db, p.organizationId, id);
  if (!row || !(await canSeeWorkspace(db, p, row.workspace_id))) throw notFound('API key');
  if (!isAdminRole(await roleIn(db, p, row.workspace_id)))
    throw forbidden('Managing API keys of this workspace needs ws_admin of it, or org_admin.');
  return row;
}

export async function getApiKey(ctx: ServiceDeps, p: Principal, id: string) {
  const key = toApiKey(await administeredKey(ctx.db, p, id), ctx.clock.now());
  return (await named(ctx.db, p.organizationId, [key]))[0];
}

/** Auth reads revoked_at on every request, so the key's very next request is a 401. */
export async function revokeKey(ctx: ServiceDeps, p: Principal, id: string) {
  const at = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'api_keys', id);
    const row = await administeredKey(trx, p, id);
    if (row.revoked_at) return (await named(trx, p.organizationId, [toApiKey(row, at)]))[0];
    await revokeApiKey(trx, id, at.toISOString());
    const after = { ...row, revoked_at: at.toISOString() };
    await recordAudit(trx, auditActor(p, row.workspace_id), {
      action: 'api_keys.revoked',
      resourceType: 'api_keys',
      resourceId: id,
      before: toApiKey(row, at),
      after: toApiKey(after, at),
      at,
    });
    return (await named(trx, p.organizationId, [toApiKey(after, at)]))[0];
  });
}
