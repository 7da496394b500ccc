import type { ServiceDeps } from '../../platform/deps.js';
import type { DB } from '../../db/database.js';
import type { Principal } from '../../http/principal.js';
import { lockRow } from '../../db/row-lock.js';
import { parseJson } from '../../db/column-values.js';
import { AppError, conflict, notFound, unauthenticated } from '../../http/errors.js';
import { paginate } from '../../http/pagination.js';
import { isId, newId } from '../../lib/ids.js';
import { auditActor, recordAudit, userActor, type AuditActor } from '../audit/index.js';
import { checkCsrf } from '../../http/csrf.js';
import {
  sessionOf,
  assertEmailVerified,
  assertMayMailOthers,
  findUserByEmail,
  findUserById,
  normalizeEmail,
} from '../accounts/index.js';
import { randomBase62, safeEqual, sha256Hex } from '../../lib/tokens.js';
import { TEMPLATES, localeOf, queueMail } from '../../platform/mail/index.js';
import { effectiveLimits } from '../limits/index.js';
import { invitationAccepted } from '../notifications/index.js';
import {
  checkWorkspaces,
  findMembershipRow,
  insertMembership,
  setWorkspaceRole,
  workspaceRolesOf,
} from '../members/index.js';
import { findWorkspace } from '../workspaces/index.js';
import { organizationName } from '../organizations/index.js';
import type { AddMemberBody } from '../members/index.js';
import type { InvitationsTable } from './invitations.table.js';
import type { InvitationListQuery, InvitedRole } from './invitations.schemas.js';
import {
  defaultWorkspaceId,
  findForEmail,
  findInvitation,
  findByLink,
  recordReplacedLink,
  findOpenInvitation,
  insertInvitation,
  invitationMailsOfDay,
  openInvitations,
  recordInvitationMail,
  pendingForEmail,
  updateInvitation,
} from './invitations.repo.js';

type Row = InvitationsTable;

/** Like GitHub's organization invitations: long enough to be noticed, short enough not to linger. */
export const INVITATION_TTL_MS = 14 * 86_400_000;

export function statusOf(r: Row, now: Date) {
  if (r.accepted_at) return 'accepted' as const;
  if (r.declined_at) return 'declined' as const;
  if (r.revoked_at) return 'revoked' as const;
  return r.expires_at <= now.toISOString() ? ('expired' as const) : ('pending' as const);
}

/**
 * What a link says of its invitation: a replaced link of an invitation still open (pending, or
 * expired since) says `replaced`; once the invitation was answered or revoked, it says that.
 */
export function linkStatus(r: Row & { replaced: boolean }, now: Date) {
  const status = statusOf(r, now);
  return r.replaced && (status === 'pending' || status === 'expired') ? ('replaced' as const) : status;
}

/** The 409 of a link whose invitation can no longer be accepted; null while it can. */
export function linkClosed(r: Row & { replaced: boolean }, now: Date) {
  const status = linkStatus(r, now);
  if (status === 'pending') return null;
  return conflict(
    status === 'replaced'
      ? 'This invitation link was replaced by a newer invitation: use the link in the latest invitation e-mail.'
      : `This invitation is ${status}${status === 'expired' ? '; ask for a new one' : ''}.`,
  );
}

export function toInvitation(r: Row, now: Date) {
  return {
    id: r.id,
    email: r.email,
    role: r.role,
    workspaces: parseJson<InvitedRole[]>(r.workspaces, []),
    status: statusOf(r, now),
    invited_by: r.invited_by,
    created_at: r.created_at,
    expires_at: r.expires_at,
    accepted_at: r.accepted_at,
    declined_at: r.declined_at,
    revoked_at: r.revoked_at,
  };
}

function toReceived(r: Row & { org_name: string; org_slug: string }, now: Date) {
  return {
    id: r.id,
    organization: { id: r.organization_id, name: r.org_name, slug: r.org_slug },
    email: r.email,
    role: r.role,
    workspaces: parseJson<InvitedRole[]>(r.workspaces, []),
    status: statusOf(r, now),
    created_at: r.created_at,
    expires_at: r.expires_at,
  };
}

/**
 * Invitations are organization-level, but the audit log is per workspace (docs/decisions.md D6 resource types):
 * they are logged in the organization's default workspace as `workspaces.invitation_<verb>`.
 */
export async function auditInvitation(
  trx: DB,
  actor: Omit<AuditActor, 'workspaceId'>,
  verb: string,
  before: Row | null,
  after: Row,
  at: Date,
) {
  const workspaceId = await defaultWorkspaceId(trx, after.organization_id);
  if (!workspaceId) return;
  const view = (r: Row | null) =>
    r
      ? {
          email: r.email,
          role: r.role,
          workspaces: parseJson(r.workspaces, []),
          status: statusOf(r, at),
          expires_at: r.expires_at,
        }
      : null;
  const field = `invitation:${after.id}`;
  await recordAudit(
    trx,
    { ...actor, workspaceId },
    {
      action: `workspaces.invitation_${verb}`,
      resourceType: 'workspaces',
      resourceId: workspaceId,
      before: { [field]: view(before) },
      after: { [field]: view(after) },
      at,
    },
  );
}

/**
 * Counts one invitation mail against the organization's day (INVITATIONS_PER_DAY, docs/decisions.md D57),
 * or says
 * when the next may go: each one reaches an address nobody proved wants mail from us.
 */
export async function takeInvitationMail(trx: DB, cap: number, organizationId: string, at: Date) {
  const day = await invitationMailsOfDay(trx, organizationId, at);
  if (day.count >= cap) {
    const wait = Math.max(
      1,
      Math.ceil((Date.parse(day.oldest ?? at.toISOString()) + 86_400_000 - at.getTime()) / 1000),
    );
    throw new AppError(
      'rate-limited',
      `This organization has sent ${cap} invitations in the last 24 hours, the most this server allows (INVITATIONS_PER_DAY). Try again in ${wait} s.`,
      { limit: cap },
      { 'retry-after': String(wait) },
    );
  }
  await recordInvitationMail(trx, organizationId, at);
}

/**
 * POST /v1/members. Never adds anyone: it records an invitation the addressee accepts in a session.
 * The answer does not depend on whether the address has an account or is already a member, so it
 * tells nothing about either. An open invitation to the same address is refreshed (same id, the
 * new roles, a new expiry) rather than duplicated.
 */
export async function createInvitation(ctx: ServiceDeps, p: Principal, body: AddMemberBody) {
  const at = ctx.clock.now();
  const email = normalizeEmail(body.email);
  // Each invitation (and each refresh) gets a new link; only its hash is kept, so the previous
  // link stops working and the link can be shown to the inviting admin only now.
  const token = randomBase62(43);
  const invitationUrl = `${ctx.config.baseUrl}/invitations/accept?token=${token}`;
  const items = (body.workspaces ?? []).map((w) => ({ workspace_id: w.workspace_id, role: w.role }));
  // An unproved sign-up must not mail strangers from our sender (docs/decisions.md D56, D76).
  await assertMayMailOthers(ctx, p.userId);
  // The operator's cap, where set, over INVITATIONS_PER_DAY (docs/decisions.md D76); read before
  // the transaction, beside which a read on SQLite would wait.
  const cap = (await effectiveLimits(ctx)).invitationsPerDay;
  return ctx.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'organizations', p.organizationId);
    await checkWorkspaces(trx, p, items);
    await takeInvitationMail(trx, cap, p.organizationId, at);
    const fields = {
      role: body.role ?? 'member',
      workspaces: JSON.stringify(items),
      invited_by: p.userId,
      expires_at: new Date(at.getTime() + INVITATION_TTL_MS).toISOString(),
      token_hash: sha256Hex(token),
    } as const;
    const open = await findOpenInvitation(trx, p.organizationId, email);
    let row: Row;
    if (open) {
      row = { ...open, ...fields };
      // The old link's holder is told it was replaced, not that it never existed (docs/decisions.md D63).
      if (open.token_hash) await recordReplacedLink(trx, open.id, open.token_hash, at.toISOString());
      await updateInvitation(trx, open.id, fields);
      await auditInvitation(trx, auditActor(p), 'refreshed', open, row, at);
    } else {
      row = {
        id: newId('inv'),
        organization_id: p.organizationId,
        email,
        ...fields,
        created_at: at.toISOString(),
        accepted_at: null,
        accepted_by: null,
        declined_at: null,
        revoked_at: null,
      };
      await insertInvitation(trx, row);
      await auditInvitation(trx, auditActor(p), 'created', null, row, at);
    }
    const orgName = await organizationName(trx, p.organizationId);
    if (orgName === undefined) throw new Error(`Organization ${p.organizationId} is gone`);
    const invitee = await findUserByEmail(trx, email);
    await queueMail(trx, ctx, {
      to: email,
      locale: localeOf(invitee?.locale),
      template: TEMPLATES.invitation,
      params: { url: invitationUrl, organization: orgName, role: row.role },
    });
    return { ...toInvitation(row, at), invitation_url: invitationUrl };
  });
}

export async function listInvitations(ctx: ServiceDeps, p: Principal, q: InvitationListQuery) {
  const now = ctx.clock.now();
  const base = openInvitations(ctx.db)
    .where('organization_id', '=', p.organizationId)
    .where('expires_at', '>', now.toISOString());
  const page = await paginate(base, q, 'inv');
  return { ...page, items: page.items.map((r) => toInvitation(r, now)) };
}

export function notOpen(r: Row, now: Date) {
  return linkClosed({ ...r, replaced: false }, now);
}

/** An invitation's one 404: another organization's, another address's, a wrong link and an unknown id read alike. */
export const invitationNotFound = () => notFound('Invitation');

/** DELETE /v1/invitations/:id: another organization's invitation is a 404; a closed one a 409. */
export async function revokeInvitation(ctx: ServiceDeps, p: Principal, id: string) {
  const at = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'organizations', p.organizationId);
    const row = isId(id, 'inv') ? await findInvitation(trx, id) : undefined;
    if (!row || row.organization_id !== p.organizationId) throw invitationNotFound();
    const status = statusOf(row, at);
    if (status !== 'pending' && status !== 'expired') throw notOpen(row, at)!;
    const next = { ...row, revoked_at: at.toISOString() };
    await updateInvitation(trx, id, { revoked_at: next.revoked_at });
    await auditInvitation(trx, auditActor(p), 'revoked', row, next, at);
    return toInvitation(next, at);
  });
}

function linkMatches(hash: string | null, token: string | undefined) {
  return hash !== null && token !== undefined && safeEqual(Buffer.from(sha256Hex(token)), Buffer.from(hash));
}

/** POST /auth/invitations/accept {token}: the invitation the link names, if it is the session user's. */
export async function acceptByLink(
  ctx: ServiceDeps,
  cookie: string | undefined,
  csrf: unknown,
  linkToken: string,
  requestId: string,
) {
  const found = await findByLink(ctx.db, sha256Hex(linkToken));
  if (found?.replaced) {
    // The old link of the session user's own invitation says what became of it; anyone else's is a 404.
    const user = await sessionUser(ctx, cookie, { sent: csrf });
    if (user.email !== found.email) throw invitationNotFound();
    throw linkClosed(found, ctx.clock.now()) ?? invitationNotFound();
  }
  return respondToInvitation(ctx, cookie, csrf, found?.id ?? '', 'accept', requestId, linkToken);
}

/** The session's user; invitations are matched on its (normalised) e-mail address. */
async function sessionUser(ctx: ServiceDeps, token: string | undefined, csrf?: { sent: unknown }) {
  const session = await sessionOf(ctx, token);
  if (csrf) checkCsrf(session.csrf_token, csrf.sent);
  const user = await findUserById(ctx.db, session.user_id);
  if (!user) throw unauthenticated();
  return user;
}

export async function receivedInvitations(ctx: ServiceDeps, token: string | undefined) {
  const user = await sessionUser(ctx, token);
  // Until the address is proved, invitations to it are not this user's to see.
  if (ctx.config.emailVerification === 'required' && !user.email_verified_at)
    return { items: [], has_more: false, next_cursor: null, total_count: 0 };
  const now = ctx.clock.now();
  const base = pendingForEmail(ctx.db, user.email, now.toISOString());
  const rows = await base.limit(101).execute();
  const items = rows.slice(0, 100).map((r) => toReceived(r, now));
  const has_more = rows.length > 100;
  const total = has_more
    ? Number(
        (
          await base
            .clearSelect()
            .clearOrderBy()
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    : items.length;
  return { items, has_more, next_cursor: null, total_count: total };
}

/**
 * Accepting adds the membership and the requested workspace roles in one transaction. Someone
 * already a member gets nothing new (its roles are managed with PATCH /v1/members); workspaces
 * archived since the invitation are skipped.
 */
export async function respondToInvitation(
  ctx: ServiceDeps,
  token: string | undefined,
  csrf: unknown,
  id: string,
  answer: 'accept' | 'decline',
  requestId: string,
  linkToken?: string,
) {
  const user = await sessionUser(ctx, token, { sent: csrf });
  const at = ctx.clock.now();
  const found = isId(id, 'inv') ? await findForEmail(ctx.db, id, user.email) : undefined;
  // Accepting needs the link's secret too: knowing the address (signing up with it) is not enough.
  if (!found || (answer === 'accept' && !linkMatches(found.token_hash, linkToken))) throw invitationNotFound();
  if (answer === 'accept' || ctx.config.emailVerification === 'required')
    await assertEmailVerified(ctx, ctx.db, user.id);
  return ctx.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'organizations', found.organization_id);
    const row = (await findForEmail(trx, id, user.email))!;
    const closed = notOpen(row, at);
    if (closed) throw closed;
    const actor = userActor(user.id, requestId, { organizationId: row.organization_id });
    if (answer === 'decline') {
      const next = { ...row, declined_at: at.toISOString() };
      await updateInvitation(trx, id, { declined_at: next.declined_at });
      await auditInvitation(trx, actor, 'declined', row, next, at);
      return toReceived(next, at);
    }
    const next = await admit(trx, ctx, row, user.id, actor, at);
    return toReceived(next, at);
  });
}

/**
 * Accepts an open invitation for a user, in the caller's transaction: the membership and the
 * invited workspace roles (workspaces archived since are skipped), then the invitation marked
 * accepted. Someone already a member gets nothing new (PATCH /v1/members manages their roles).
 * Used by the accept routes and by sign-up from an invitation link (invitation-signup.ts).
 */
export async function admit<R extends Row>(
  trx: DB,
  ctx: ServiceDeps,
  row: R,
  userId: string,
  actor: Omit<AuditActor, 'workspaceId'>,
  at: Date,
) {
  if (!(await findMembershipRow(trx, row.organization_id, userId))) {
    await insertMembership(trx, row.organization_id, userId, row.role, at.toISOString());
    const held = await workspaceRolesOf(trx, row.organization_id, [userId]);
    for (const item of parseJson<InvitedRole[]>(row.workspaces, [])) {
      const ws = await findWorkspace(trx, row.organization_id, item.workspace_id);
      if (!ws || ws.status !== 'active' || held.some((h) => h.workspace_id === item.workspace_id)) continue;
      await setWorkspaceRole(trx, item.workspace_id, userId, item.role, at.toISOString());
      const field = `member:${userId}`;
      await recordAudit(
        trx,
        { ...actor, workspaceId: item.workspace_id },
        {
          action: 'workspaces.member_added',
          resourceType: 'workspaces',
          resourceId: item.workspace_id,
          before: { [field]: null },
          after: { [field]: item.role },
          at,
        },
      );
    }
  }
  const next = { ...row, accepted_at: at.toISOString(), accepted_by: userId };
  await updateInvitation(trx, row.id, { accepted_at: next.accepted_at, accepted_by: userId });
  await auditInvitation(trx, actor, 'accepted', row, next, at);
  await invitationAccepted(trx, ctx, {
    organizationId: row.organization_id,
    inviterId: row.invited_by,
    memberId: userId,
  });
  return next;
}
