import type { DB } from '../../db/database.js';
import type { ServiceDeps } from '../../platform/deps.js';
import { invalidField } from '../../http/errors.js';
import { paginate } from '../../http/pagination.js';
import { isId } from '../../lib/ids.js';
import { systemActor } from '../audit/index.js';
import { redirectKeysOfOrganization } from '../codes/index.js';
import { organizationNotFound, organizationsOfUsers, setSuspension } from '../organizations/index.js';
import { findUserById, lastSignIns, normalizeEmail, setUserDisabled, userDirectory } from '../accounts/index.js';
import {
  type InvitationListQuery,
  invitationsOfOrganization,
  resendInvitation,
  revokeOpenInvitation,
  type InvitationChange,
} from '../invitations/index.js';
import { eraseOrganization, eraseUser, userNotFound } from '../privacy/index.js';
import type { Operator } from './operator.gate.js';
import { liveOrganization, recordOperatorAction, withUsage } from './operator.service.js';
import type { EraseUserBody, SuspendBody, UserDirectoryQuery } from './operator-accounts.schemas.js';

// The operator's actions on organizations and users (docs/decisions.md D74). Each is recorded in
// the instance audit log in the transaction of the change; other features do the change itself.

/** The organization's own log shows a system change: its members do not know the operator's people. */
const system = (who: Operator) => systemActor({ requestId: who.requestId });

/** Every instance's redirect cache drops the organization's codes, as a code change drops its own. */
async function invalidateCodes(deps: ServiceDeps<'invalidation'>, organizationId: string) {
  deps.invalidation.publish(await redirectKeysOfOrganization(deps.db, organizationId));
}

/**
 * POST /v1/operator/organizations/{id}/suspend (`suspension`) and …/unsuspend (null). The same
 * terms again change and record nothing.
 */
export async function changeSuspension(
  deps: ServiceDeps<'invalidation'>,
  who: Operator,
  id: string,
  suspension: SuspendBody | null,
) {
  const at = deps.clock.now();
  const changed = await deps.db.transaction().execute(async (trx) => {
    await liveOrganization(trx, id);
    const { before, after, changed } = await setSuspension(trx, id, suspension, system(who), at);
    if (!changed) return false;
    const terms = (r: typeof before) =>
      r.suspended_at ? { suspended: true, redirects: r.suspension_redirects } : { suspended: false };
    await recordOperatorAction(trx, who, at, {
      action: suspension ? 'organization.suspended' : 'organization.unsuspended',
      targetType: 'organization',
      targetId: id,
      before: terms(before),
      after: terms(after),
      details: suspension ? { reason: suspension.reason } : null,
    });
    return true;
  });
  if (changed) await invalidateCodes(deps, id);
  return withUsage(deps, await liveOrganization(deps.db, id));
}

type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

async function toOperatorUsers(db: DB, rows: UserRow[]) {
  const ids = rows.map((r) => r.id);
  const [orgs, signIns] = await Promise.all([organizationsOfUsers(db, ids), lastSignIns(db, ids)]);
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    email_verified: r.email_verified_at !== null,
    two_factor: r.totp_enabled_at !== null,
    disabled_at: r.disabled_at,
    disabled_reason: r.disabled_reason,
    last_sign_in_at: signIns.get(r.id) ?? null,
    created_at: r.created_at,
    organizations: orgs.get(r.id) ?? [],
  }));
}

/** GET /v1/operator/users: newest first; a search is not recorded (docs/decisions.md D73). */
export async function listUsers(deps: ServiceDeps, q: UserDirectoryQuery) {
  const page = await paginate(userDirectory(deps.db, q.q), { limit: q.limit, cursor: q.cursor }, 'usr');
  return { ...page, items: await toOperatorUsers(deps.db, page.items) };
}

async function liveUser(db: DB, id: string) {
  const user = isId(id, 'usr') ? await findUserById(db, id) : undefined;
  if (!user || user.erased_at !== null) throw userNotFound();
  return user;
}

/**
 * POST /v1/operator/users/{id}/disable (`reason`) and …/enable (null). Disabling ends the user's
 * sessions; the API keys they made stay their organizations' (docs/decisions.md D74).
 */
export async function changeUserDisabled(deps: ServiceDeps, who: Operator, id: string, reason: string | null) {
  const at = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await liveUser(trx, id);
    const { before, after, changed } = await setUserDisabled(trx, id, reason, at);
    if (!changed) return;
    await recordOperatorAction(trx, who, at, {
      action: reason === null ? 'user.enabled' : 'user.disabled',
      targetType: 'user',
      targetId: id,
      before: { disabled: before.disabled_at !== null },
      after: { disabled: after.disabled_at !== null },
      details: reason === null ? null : { reason },
    });
  });
  const [user] = await toOperatorUsers(deps.db, [await liveUser(deps.db, id)]);
  return user!;
}

/** GET /v1/operator/organizations/{id}/invitations: every invitation, newest first. */
export async function organizationInvitations(deps: ServiceDeps, id: string, q: InvitationListQuery) {
  await liveOrganization(deps.db, id);
  return invitationsOfOrganization(deps, id, q);
}

/** Through the invitations feature, recorded in the instance log in its transaction. */
function asOperator(deps: ServiceDeps, who: Operator, action: string): InvitationChange {
  return {
    who: system(who),
    alsoRecord: async (trx, before) => {
      await recordOperatorAction(trx, who, deps.clock.now(), {
        action,
        targetType: 'invitation',
        targetId: before.id,
        details: { organization_id: before.organization_id },
      });
    },
  };
}

/** POST /v1/operator/invitations/{id}/resend: a new link and expiry, under the organization's daily cap. */
export const resendForOperator = (deps: ServiceDeps, who: Operator, id: string) =>
  resendInvitation(deps, id, asOperator(deps, who, 'invitation.resent'));

/** POST /v1/operator/invitations/{id}/revoke. */
export const revokeForOperator = (deps: ServiceDeps, who: Operator, id: string) =>
  revokeOpenInvitation(deps, id, asOperator(deps, who, 'invitation.revoked'));

/** A confirmation that does not match: 422 at /confirm, before anything changes. */
const mismatch = (what: string) => invalidField('/confirm', `must be ${what}, typed again`, 'mismatch');

/** POST /v1/operator/users/{id}/erase: the privacy feature's erasure, confirmed by the user's e-mail address. */
export async function eraseUserForOperator(
  deps: ServiceDeps<'invalidation'>,
  who: Operator,
  id: string,
  body: EraseUserBody,
) {
  if (!isId(id, 'usr')) throw userNotFound();
  const out = await eraseUser(deps, id, system(who), {
    deleteOrganizations: body.delete_organizations ?? [],
    check: (user) => {
      if (normalizeEmail(body.confirm) !== normalizeEmail(user.email)) throw mismatch("the user's e-mail address");
    },
    alsoRecord: async (trx) => {
      await recordOperatorAction(trx, who, deps.clock.now(), {
        action: 'user.erased',
        targetType: 'user',
        targetId: id,
        details: { deleted_organizations: body.delete_organizations ?? [] },
      });
    },
  });
  for (const orgId of out.deletedOrganizations) await invalidateCodes(deps, orgId);
  return out.result;
}

/** POST /v1/operator/organizations/{id}/erase: the soft delete of erasure, confirmed by the slug. */
export async function eraseOrganizationForOperator(
  deps: ServiceDeps<'invalidation'>,
  who: Operator,
  id: string,
  confirm: string,
) {
  if (!isId(id, 'org')) throw organizationNotFound();
  await eraseOrganization(deps, id, system(who), {
    check: (org) => {
      if (confirm.trim() !== org.slug) throw mismatch("the organization's slug");
    },
    alsoRecord: async (trx) => {
      await recordOperatorAction(trx, who, deps.clock.now(), {
        action: 'organization.erased',
        targetType: 'organization',
        targetId: id,
      });
    },
  });
  await invalidateCodes(deps, id);
  return { id, erased: true };
}
