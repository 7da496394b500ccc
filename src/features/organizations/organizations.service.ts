import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import type { PlanName } from '../../config.js';
import type { Principal } from '../../http/principal.js';
import { newId } from '../../lib/ids.js';
import { lockRow } from '../../db/sql.js';
import { forbidden, notFound } from '../../http/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { insertWorkspace } from '../workspaces/workspaces.repo.js';
import { toWorkspace, workspaceRow } from '../workspaces/workspaces.fns.js';
import {
  addMembership, endSessionsOfOrphanedMembers, findActiveOrganization, insertOrganization, slugExists, updateOrganization,
} from './organizations.repo.js';
import { settingsText, taken, uniqueAs } from './organizations.fns.js';
import type { CreateOrganizationBody, UpdateOrganizationBody } from './organizations.schemas.js';

type Ctx = Pick<Deps, 'db' | 'clock'>;

export interface NewOrganization {
  name: string;
  slug: string;
  billing_email?: string | null;
  plan?: PlanName;
  settings?: Record<string, unknown>;
}

/**
 * An organization never exists without its default workspace (slug "default") and an org_admin
 * (D5). Runs inside the caller's transaction; the workspace creation is audited.
 */
export async function createOrganizationWithDefaults(
  trx: Kysely<Database>,
  input: NewOrganization,
  owner: { userId: string | null; actorType: 'api' | 'user' | 'system'; actorId: string | null; requestId: string | null },
  at: Date,
) {
  const org = {
    id: newId('org'),
    name: input.name,
    slug: input.slug,
    billing_email: input.billing_email ?? null,
    plan: input.plan ?? 'free',
    settings: JSON.stringify(input.settings ?? {}),
    created_at: at.toISOString(),
    updated_at: at.toISOString(),
    deleted_at: null,
  };
  await uniqueAs('/slug', () => insertOrganization(trx, org));
  const ws = workspaceRow(org.id, { name: 'Default', slug: 'default' }, true, at);
  await insertWorkspace(trx, ws);
  if (owner.userId) await addMembership(trx, org.id, owner.userId, 'org_admin', at);
  await recordAudit(trx, { ...owner, organizationId: org.id, workspaceId: ws.id }, {
    action: 'workspaces.created', resourceType: 'workspaces', resourceId: ws.id, after: toWorkspace(ws), at,
  });
  return { org, workspace: ws };
}

export async function getOrganization(db: Kysely<Database>, id: string) {
  const org = await findActiveOrganization(db, id);
  if (!org) throw notFound('Organization');
  return org;
}

/**
 * POST /v1/organizations. The caller's user (session user, or the user who created the calling
 * key) becomes org_admin of the new organization (D5). Plan is always free here; operators change
 * it out of band.
 */
export async function createOrganization(ctx: Ctx, p: Principal, body: CreateOrganizationBody) {
  if (!p.userId) throw forbidden('This API key was not created by a user, so nobody could administer the new organization. Use a dashboard session or a key created by a user.');
  const at = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    if (await slugExists(trx, body.slug)) throw taken('/slug');
    const { org } = await createOrganizationWithDefaults(trx, { name: body.name, slug: body.slug, billing_email: body.billing_email ?? null }, {
      userId: p.userId, actorType: p.actorType, actorId: p.actorId, requestId: p.requestId,
    }, at);
    return org;
  });
}

/** Only the caller's current organization is addressable; any other id is a 404 (D3). */
function ownOrganization(p: Principal, id: string) {
  if (id !== p.organizationId) throw notFound('Organization');
}

export async function patchOrganization(ctx: Ctx, p: Principal, id: string, body: UpdateOrganizationBody) {
  ownOrganization(p, id);
  return ctx.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'organizations', id);
    const before = await getOrganization(trx, id);
    const patch: Partial<typeof before> = {};
    if (body.name !== undefined) patch.name = body.name;
    if (body.slug !== undefined && body.slug !== before.slug) {
      if (await slugExists(trx, body.slug, id)) throw taken('/slug');
      patch.slug = body.slug;
    }
    if (body.billing_email !== undefined) patch.billing_email = body.billing_email;
    if (body.settings !== undefined) patch.settings = settingsText(body.settings);
    if (Object.keys(patch).length === 0) return before;
    patch.updated_at = ctx.clock.now().toISOString();
    await uniqueAs('/slug', () => updateOrganization(trx, id, patch));
    return { ...before, ...patch };
  });
}

/**
 * Soft delete (spec 3): rows stay; keys stop authenticating because auth joins the organization,
 * and sessions of users left without any active organization are ended (their cookies get 401).
 */
export async function deleteOrganization(ctx: Ctx, p: Principal, id: string) {
  ownOrganization(p, id);
  return ctx.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'organizations', id);
    const before = await getOrganization(trx, id);
    const at = ctx.clock.now().toISOString();
    await updateOrganization(trx, id, { deleted_at: at, updated_at: at });
    await endSessionsOfOrphanedMembers(trx, id);
    return { ...before, deleted_at: at, updated_at: at };
  });
}
