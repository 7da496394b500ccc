import type { ServiceDeps } from '../../platform/deps.js';
import type { DB } from '../../db/database.js';
import type { PlanName } from '../../platform/plans.js';
import type { Principal } from '../../http/principal.js';
import { newId } from '../../lib/ids.js';
import { lockRow } from '../../db/row-lock.js';
import { parseJson } from '../../db/column-values.js';
import { AppError, forbidden } from '../../http/errors.js';
import { auditActor, diff, recordAudit, type AuditActor, type AuditWho } from '../audit/index.js';
import {
  findDefaultWorkspaceId,
  insertWorkspace,
  organizationNotFound,
  toWorkspace,
  workspaceRow,
} from '../workspaces/index.js';
import {
  addMembership,
  findActiveOrganization,
  findOrganizationIdBySlug,
  insertOrganization,
  slugExists,
  updateOrganization,
} from './organizations.repo.js';
import { endSessionsOfOrphanedMembers } from './orphaned-sessions.js';
import { settingsText, taken, uniqueAs } from '../../http/fields.js';
import { effectiveLimits } from '../limits/index.js';
import { toOrganization, type CreateOrganizationBody, type UpdateOrganizationBody } from './organizations.schemas.js';

export interface NewOrganization {
  name: string;
  slug: string;
  billing_email?: string | null;
  /** The caller passes config.defaultPlan unless an operator named one. */
  plan: PlanName;
  settings?: Record<string, unknown>;
}

/**
 * An organization never exists without its default workspace (slug "default") and an org_admin
 * (docs/decisions.md D5). Runs inside the caller's transaction; the workspace creation is audited.
 */
export async function createOrganizationWithDefaults(
  trx: DB,
  input: NewOrganization,
  owner: AuditWho & { userId: string | null },
  at: Date,
) {
  const org = {
    id: newId('org'),
    name: input.name,
    slug: input.slug,
    billing_email: input.billing_email ?? null,
    plan: input.plan,
    settings: JSON.stringify(input.settings ?? {}),
    created_at: at.toISOString(),
    updated_at: at.toISOString(),
    deleted_at: null,
  };
  await uniqueAs('/slug', () => insertOrganization(trx, org));
  const ws = workspaceRow(org.id, { name: 'Default', slug: 'default' }, true, at);
  await insertWorkspace(trx, ws);
  if (owner.userId) await addMembership(trx, org.id, owner.userId, 'org_admin', at);
  await recordAudit(
    trx,
    { ...owner, organizationId: org.id, workspaceId: ws.id },
    {
      action: 'workspaces.created',
      resourceType: 'workspaces',
      resourceId: ws.id,
      after: toWorkspace(ws),
      at,
    },
  );
  return { org, workspace: ws };
}

/** An operator names an organization by id (org_…) or slug; a deleted one is not found. */
export async function organizationIdOf(db: DB, idOrSlug: string): Promise<string | undefined> {
  if (idOrSlug.startsWith('org_')) return (await findActiveOrganization(db, idOrSlug))?.id;
  return findOrganizationIdBySlug(db, idOrSlug);
}

/** An active organization, or {@link organizationNotFound}. */
export async function getOrganization(db: DB, id: string) {
  const org = await findActiveOrganization(db, id);
  if (!org) throw organizationNotFound();
  return org;
}

/**
 * POST /v1/organizations. The caller's user (session user, or the user who created the calling
 * key) becomes org_admin of the new organization (docs/decisions.md D5). Its plan is DEFAULT_PLAN; operators
 * change it with `qrs org set-plan` (setPlan below).
 */
export async function createOrganization(ctx: ServiceDeps, p: Principal, body: CreateOrganizationBody) {
  if (!p.userId)
    throw forbidden(
      'This API key was not created by a user, so nobody could administer the new organization. Use a dashboard session or a key created by a user.',
    );
  assertMayNameBillingAddress((await effectiveLimits(ctx)).verifiedMailOnly, p, body.billing_email);
  const at = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    if (await slugExists(trx, body.slug)) throw taken('/slug');
    const { org } = await createOrganizationWithDefaults(
      trx,
      { name: body.name, slug: body.slug, billing_email: body.billing_email ?? null, plan: ctx.config.defaultPlan },
      p,
      at,
    );
    return org;
  });
}

type OrganizationRow = Awaited<ReturnType<typeof getOrganization>>;

/** The audited view: the API fields, plus deleted_at so a deletion shows as a change. */
const audited = (row: OrganizationRow) => ({ ...toOrganization(row), deleted_at: row.deleted_at });

/**
 * An organization has no workspace of its own, so its entries go to the caller's workspace log,
 * where the caller reads them (as GS1 prefixes, the other organization-level resource, do).
 */
async function auditOrganization(
  trx: DB,
  who: AuditActor,
  verb: 'updated' | 'deleted',
  before: OrganizationRow,
  after: OrganizationRow,
  at: Date,
) {
  const [old, next] = [audited(before), audited(after)];
  if (Object.keys(diff(old, next)).length === 0) return;
  await recordAudit(trx, who, {
    action: `organizations.${verb}`,
    resourceType: 'organizations',
    resourceId: before.id,
    before: old,
    after: next,
    at,
  });
}

/** Only the caller's current organization is addressable; any other id is a 404 (docs/decisions.md D3). */
function ownOrganization(p: Principal, id: string) {
  if (id !== p.organizationId) throw organizationNotFound();
}

/**
 * `settings.require_2fa` guards sign-in, so only someone who passed it may change it: a session
 * (not an API key, which the policy does not cover) of a user with two-factor sign-in on
 * (docs/decisions.md D57). Other settings stay as open as before.
 */
function assertMayChangeTwoFactorPolicy(p: Principal, before: string, next: Record<string, unknown>) {
  const was = parseJson<Record<string, unknown>>(before, {}).require_2fa === true;
  if (was === (next.require_2fa === true)) return;
  if (p.kind !== 'session')
    throw forbidden('Only a dashboard session can change settings.require_2fa; an API key cannot.');
  if (!p.twoFactor) throw forbidden('Turn on two-factor sign-in for yourself before changing settings.require_2fa.');
}

/**
 * Usage notices are mailed to the billing address: while mail to third parties needs a verified
 * account (EMAIL_VERIFICATION=required, or the operator's setting, docs/decisions.md D76), an account
 * that has not proved its own address may not name one, or it would mail a stranger from our
 * sender (docs/decisions.md D56). Keys cannot be made unproved, so only sessions are checked.
 */
function assertMayNameBillingAddress(verifiedOnly: boolean, p: Principal, billingEmail: string | null | undefined) {
  if (!billingEmail || p.emailVerified !== false || !verifiedOnly) return;
  throw new AppError(
    'email-unverified',
    'Verify your own e-mail address before naming a billing address: usage notices are mailed there.',
    { resend: '/auth/verify-email/resend' },
  );
}

export async function patchOrganization(ctx: ServiceDeps, p: Principal, id: string, body: UpdateOrganizationBody) {
  ownOrganization(p, id);
  // Read before the transaction: on SQLite a read beside it would wait for it to end.
  const { verifiedMailOnly } = await effectiveLimits(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'organizations', id);
    const before = await getOrganization(trx, id);
    const patch: Partial<typeof before> = {};
    if (body.name !== undefined) patch.name = body.name;
    if (body.slug !== undefined && body.slug !== before.slug) {
      if (await slugExists(trx, body.slug, id)) throw taken('/slug');
      patch.slug = body.slug;
    }
    if (body.billing_email !== undefined) {
      if (body.billing_email !== before.billing_email)
        assertMayNameBillingAddress(verifiedMailOnly, p, body.billing_email);
      patch.billing_email = body.billing_email;
    }
    if (body.settings !== undefined) {
      assertMayChangeTwoFactorPolicy(p, before.settings, body.settings);
      patch.settings = settingsText(body.settings);
    }
    if (Object.keys(patch).length === 0) return before;
    const now = ctx.clock.now();
    patch.updated_at = now.toISOString();
    await uniqueAs('/slug', () => updateOrganization(trx, id, patch));
    const after = { ...before, ...patch };
    await auditOrganization(trx, auditActor(p), 'updated', before, after, now);
    return after;
  });
}

/**
 * Soft delete (docs/decisions.md D5): rows stay; keys stop authenticating because auth joins the organization,
 * and sessions of users left without any active organization are ended (their cookies get 401).
 */
export async function deleteOrganization(ctx: ServiceDeps, p: Principal, id: string) {
  ownOrganization(p, id);
  return ctx.db.transaction().execute((trx) => softDeleteOrganization(trx, id, auditActor(p), ctx.clock.now()));
}

/**
 * The soft delete inside the caller's transaction, audited in `who`'s workspace log; erasure uses
 * it to delete the organizations a person ran alone together with the person (docs/decisions.md D58).
 */
export async function softDeleteOrganization(trx: DB, id: string, who: AuditActor, now: Date) {
  await lockRow(trx, 'organizations', id);
  const before = await getOrganization(trx, id);
  const at = now.toISOString();
  await updateOrganization(trx, id, { deleted_at: at, updated_at: at });
  await endSessionsOfOrphanedMembers(trx, id);
  const after = { ...before, deleted_at: at, updated_at: at };
  await auditOrganization(trx, who, 'deleted', before, after, now);
  return after;
}

/**
 * Moves an organization to another plan inside the caller's transaction, audited as
 * `organizations.updated` (changes.plan) in its default workspace's log. The operator command
 * `qrs org set-plan` uses it; so can any other plan source (billing). Returns null when the plan
 * is already this one: nothing changed, nothing is audited.
 */
export async function setPlan(trx: DB, organizationId: string, plan: PlanName, who: AuditWho, at: Date) {
  await lockRow(trx, 'organizations', organizationId);
  const before = await getOrganization(trx, organizationId);
  if (before.plan === plan) return { before, after: before };
  const patch = { plan, updated_at: at.toISOString() };
  await updateOrganization(trx, organizationId, patch);
  const after = { ...before, ...patch };
  const ws = await findDefaultWorkspaceId(trx, organizationId);
  await recordAudit(
    trx,
    { ...who, organizationId, workspaceId: ws },
    {
      action: 'organizations.updated',
      resourceType: 'organizations',
      resourceId: organizationId,
      before: audited(before),
      after: audited(after),
      at,
    },
  );
  return { before, after };
}
