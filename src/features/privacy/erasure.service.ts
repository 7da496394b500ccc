import type { ServiceDeps } from '../../platform/deps.js';
import type { DB } from '../../db/database.js';
import type { Principal } from '../../http/principal.js';
import { conflict, invalid, invalidField, notFound, type FieldError } from '../../http/errors.js';
import { lockRow } from '../../db/row-lock.js';
import { AppError } from '../../http/errors.js';
import { recordAudit, userActor, type AuditWho } from '../audit/index.js';
import { countOrgAdmins, findMembershipRow, memberNotFound } from '../members/index.js';
import { findUserById, verifyPassword, admitLogin, forgiveLogin } from '../accounts/index.js';
import {
  countMembers,
  liveMembershipsOf,
  liveOrganizationWithDefaultWorkspace,
  organizationNotFound,
  softDeleteOrganization,
} from '../organizations/index.js';
import { organizationsInviting } from '../invitations/index.js';
import { forgetOutboxMail, mailIdsTo } from '../../platform/mail/index.js';
import type { EraseMeBody } from './privacy.schemas.js';
import { ERASURE_STEPS, type ErasedUser } from './erasure-steps.js';

/** A user's one 404 here: an unknown, already erased or signed-out user reads alike. */
export const userNotFound = () => notFound('User');

/**
 * Which of the user's organizations go with them: each named one must be one they run alone (its
 * only member, org_admin), else 422 at its index. Any other organization they are the last
 * org_admin of is a 409 naming it: someone must take it over (docs/decisions.md D58).
 */
async function organizationsToDelete(trx: DB, orgs: Awaited<ReturnType<typeof liveMembershipsOf>>, named: string[]) {
  const alone = new Map<string, boolean>();
  for (const org of orgs) {
    await lockRow(trx, 'organizations', org.organization_id);
    if (org.role === 'org_admin' && (await countOrgAdmins(trx, org.organization_id)) <= 1)
      alone.set(org.organization_id, (await countMembers(trx, org.organization_id)) === 1);
  }
  const errors: FieldError[] = [];
  named.forEach((id, i) => {
    const pointer = `/delete_organizations/${i}`;
    if (!alone.has(id))
      errors.push({ pointer, detail: 'is not an organization whose last org_admin you are', code: 'not_yours' });
    else if (!alone.get(id))
      errors.push({ pointer, detail: 'has other members: make one of them org_admin instead', code: 'has_members' });
  });
  if (errors.length) throw invalid(errors);
  const blocked = [...alone.keys()].filter((id) => !named.includes(id));
  if (blocked.length)
    throw new AppError(
      'conflict',
      `You are the last org_admin of ${blocked.join(', ')}: make another member org_admin first. An organization whose only member you are can go with your account: name it in delete_organizations.`,
      { organizations: blocked.map((id) => ({ id, only_member: alone.get(id) })) },
    );
  return orgs.filter((o) => named.includes(o.organization_id));
}

/**
 * Erases a user in one transaction (docs/privacy.md): the organizations they run alone and named
 * in `deleteOrgs` are deleted first (docs/decisions.md D58), then every step of ERASURE_STEPS runs, then one audit
 * entry per organization the user left, naming only its id. The last org_admin of any other
 * organization must hand over first (409).
 */
async function erase(trx: DB, userId: string, who: AuditWho, at: Date, deleteOrgs: string[] = []) {
  const user = await findUserById(trx, userId);
  if (!user || user.erased_at) throw userNotFound();
  const orgs = await liveMembershipsOf(trx, userId);
  const deleted = await organizationsToDelete(trx, orgs, deleteOrgs);
  for (const org of deleted)
    await softDeleteOrganization(
      trx,
      org.organization_id,
      { ...who, organizationId: org.organization_id, workspaceId: org.workspace_id },
      at,
    );
  const invitedBy = await organizationsInviting(trx, user.email);
  const erased: ErasedUser = {
    userId,
    email: user.email,
    name: user.name,
    placeholder: `erased-${userId}@erased.invalid`,
    organizationIds: [...new Set([...orgs.map((o) => o.organization_id), ...invitedBy.map((i) => i.organization_id)])],
    at: at.toISOString(),
  };
  // Their messages' files in the local outbox go once this commits (forgetOutboxMail).
  const messageIds = await mailIdsTo(trx, user.email);
  for (const step of ERASURE_STEPS) await step(trx, erased);
  for (const org of orgs) {
    await recordAudit(
      trx,
      { ...who, organizationId: org.organization_id, workspaceId: org.workspace_id },
      {
        action: 'organizations.member_erased',
        resourceType: 'organizations',
        resourceId: org.organization_id,
        before: { [`member:${userId}`]: org.role },
        after: { [`member:${userId}`]: null },
        at,
      },
    );
  }
  return {
    result: { user_id: userId, erased: true as const, erased_at: erased.at },
    deletedOrganizations: deleted.map((o) => o.organization_id),
    outbox: { messageIds, needles: [user.email, user.name].filter((n): n is string => !!n) },
  };
}

/** What erasure does outside the database, once its transaction committed. */
async function afterErasure(ctx: ServiceDeps, out: Awaited<ReturnType<typeof erase>>) {
  await forgetOutboxMail(ctx.config.mail.outboxDir, out.outbox);
  return out;
}

/**
 * DELETE /v1/users/me: the session user, after re-entering the password (throttled like a login),
 * with the organizations they run alone and name in `delete_organizations`.
 */
export async function eraseMe(ctx: ServiceDeps, p: Principal, body: EraseMeBody, ip: string) {
  const { password } = body;
  const user = p.userId ? await findUserById(ctx.db, p.userId) : undefined;
  if (!user) throw userNotFound();
  const now = ctx.clock.now();
  const wait = await admitLogin(ctx.db, user.email, ip, now);
  if (wait !== null)
    throw new AppError(
      'rate-limited',
      'Too many wrong passwords; try again later.',
      {},
      { 'retry-after': String(wait) },
    );
  if (!(await verifyPassword(password, user.password_hash))) throw invalidField('/password', 'is wrong', 'mismatch');
  await forgiveLogin(ctx.db, user.email, ip, now);
  const out = await ctx.db
    .transaction()
    .execute((trx) =>
      erase(trx, user.id, userActor(user.id, p.requestId), now, [...new Set(body.delete_organizations ?? [])]),
    );
  return afterErasure(ctx, out);
}

/**
 * POST /v1/members/:user_id/erase: an org_admin erases a member of its organization. A user who
 * also belongs to another organization is not this organization's to erase (409: remove them instead).
 */
export async function eraseMember(ctx: ServiceDeps, p: Principal, userId: string) {
  const at = ctx.clock.now();
  const out = await ctx.db.transaction().execute(async (trx) => {
    if (!(await findMembershipRow(trx, p.organizationId, userId))) throw memberNotFound();
    const elsewhere = (await liveMembershipsOf(trx, userId)).filter((o) => o.organization_id !== p.organizationId);
    if (elsewhere.length)
      throw conflict(
        'This user also belongs to another organization, so only they can erase their account (DELETE /v1/users/me). Remove them from this organization instead.',
      );
    return erase(trx, userId, p, at);
  });
  return (await afterErasure(ctx, out)).result;
}

/**
 * The operator's erasure of a user (docs/decisions.md D74): what DELETE /v1/users/me does, without
 * the password. `check` runs first in the transaction (the operator's confirmation: throwing there
 * changes nothing); `alsoRecord` writes the operator's own log in it. Organizations the user runs
 * alone go with them only when named, as for the user themselves; any other they are the last
 * org_admin of is a 409.
 */
export async function eraseUser(
  ctx: ServiceDeps,
  userId: string,
  who: AuditWho,
  opts: {
    deleteOrganizations: string[];
    check: (user: { email: string }) => void;
    alsoRecord: (trx: DB) => Promise<void>;
  },
) {
  const at = ctx.clock.now();
  const out = await ctx.db.transaction().execute(async (trx) => {
    const user = await findUserById(trx, userId);
    if (!user || user.erased_at) throw userNotFound();
    opts.check(user);
    const erased = await erase(trx, userId, who, at, [...new Set(opts.deleteOrganizations)]);
    await opts.alsoRecord(trx);
    return erased;
  });
  const { result, deletedOrganizations } = await afterErasure(ctx, out);
  return { result, deletedOrganizations };
}

/**
 * The operator's erasure of an organization (docs/decisions.md D74): the soft delete that DELETE
 * /v1/organizations/{id} and a user's erasure use (its codes stop redirecting, its keys and
 * sessions stop working, rows stay), recorded in its own log as a system change. `check` and
 * `alsoRecord` as for eraseUser. Returns the organization's id once deleted.
 */
export async function eraseOrganization(
  ctx: ServiceDeps,
  organizationId: string,
  who: AuditWho,
  opts: { check: (org: { slug: string }) => void; alsoRecord: (trx: DB) => Promise<void> },
) {
  const at = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'organizations', organizationId);
    const org = await liveOrganizationWithDefaultWorkspace(trx, organizationId);
    if (!org) throw organizationNotFound();
    opts.check(org);
    await softDeleteOrganization(trx, organizationId, { ...who, organizationId, workspaceId: org.workspace_id }, at);
    await opts.alsoRecord(trx);
  });
  return organizationId;
}
