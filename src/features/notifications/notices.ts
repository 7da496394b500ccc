// What other features call, one function per event, each inside the caller's transaction
// (docs/decisions.md D64). Each decides who hears of it; deliver() does the rest.
import type { DB } from '../../db/database.js';
import type { ServiceDeps } from '../../platform/deps.js';
import { excerptOf, mentionedIn } from './notifications.fns.js';
import { deliver } from './notify.js';
import { approverIds, orgAdminIds, organizationName, personOf, workspaceAudience } from './notifications.repo.js';

interface CodeState {
  id: string;
  title: string | null;
  status: string;
  /** usr_… or key_… */
  created_by: string | null;
  rejection_reason?: string | null;
}

/**
 * A code was created or changed. A code that now waits for approval (new, or back in review after
 * a change of destination) is news to everyone who may approve it; a review is news to its author.
 * `actorId` is the person acting (a session's user, or the user who created the calling key).
 */
export async function codeChanged(
  trx: DB,
  deps: ServiceDeps,
  change: {
    organizationId: string;
    workspaceId: string;
    actorId: string | null;
    before: CodeState | null;
    after: CodeState;
  },
): Promise<void> {
  const { before, after } = change;
  if (before?.status === after.status) return;
  const where = { organizationId: change.organizationId, workspaceId: change.workspaceId };
  const data = { actor_id: change.actorId ?? undefined, code_id: after.id, code_title: after.title };
  if (after.status === 'pending_approval') {
    const approvers = await approverIds(trx, change.organizationId, change.workspaceId);
    await deliver(trx, deps, approvers, { kind: 'approval_requested', ...where, data }, change.actorId);
    return;
  }
  if (before?.status !== 'pending_approval' || (after.status !== 'active' && after.status !== 'rejected')) return;
  const author = await personOf(trx, after.created_by);
  const kind = after.status === 'active' ? 'code_approved' : 'code_rejected';
  const reason = kind === 'code_rejected' ? { reason: after.rejection_reason ?? '' } : {};
  await deliver(trx, deps, [author], { kind, ...where, data: { ...data, ...reason } }, change.actorId);
}

/**
 * A comment on a code: the people it mentions (`@` and an address or name, among those who can
 * read the workspace) hear of the mention, and the code's author of the comment, once.
 */
export async function commentAdded(
  trx: DB,
  deps: ServiceDeps,
  c: {
    organizationId: string;
    workspaceId: string;
    actorId: string | null;
    code: { id: string; title: string | null; created_by: string | null };
    comment: { id: string; body: string };
  },
): Promise<void> {
  const where = { organizationId: c.organizationId, workspaceId: c.workspaceId };
  const data = {
    actor_id: c.actorId ?? undefined,
    code_id: c.code.id,
    code_title: c.code.title,
    comment_id: c.comment.id,
    excerpt: excerptOf(c.comment.body),
  };
  const mentioned = c.comment.body.includes('@')
    ? mentionedIn(c.comment.body, await workspaceAudience(trx, c.organizationId, c.workspaceId)).map((m) => m.id)
    : [];
  await deliver(trx, deps, mentioned, { kind: 'mentioned', ...where, data }, c.actorId);
  const author = await personOf(trx, c.code.created_by);
  if (author && !mentioned.includes(author))
    await deliver(trx, deps, [author], { kind: 'code_commented', ...where, data }, c.actorId);
}

/** Someone accepted an invitation: the person who sent it hears of the new member. */
export async function invitationAccepted(
  trx: DB,
  deps: ServiceDeps,
  i: { organizationId: string; inviterId: string | null; memberId: string },
): Promise<void> {
  if (!i.inviterId) return;
  const data = { actor_id: i.memberId, organization_name: await organizationName(trx, i.organizationId) };
  await deliver(
    trx,
    deps,
    [i.inviterId],
    { kind: 'invitation_accepted', organizationId: i.organizationId, workspaceId: null, data },
    i.memberId,
  );
}

/** A data export is written: the person who asked for it may download it. */
export async function exportReady(
  trx: DB,
  deps: ServiceDeps,
  e: { organizationId: string; userId: string; exportId: string },
): Promise<void> {
  await deliver(
    trx,
    deps,
    [e.userId],
    { kind: 'export_ready', organizationId: e.organizationId, workspaceId: null, data: { export_id: e.exportId } },
    null,
  );
}

/** An organization reached a usage threshold: its admins hear of it (docs/decisions.md D21, D62). */
export async function usageThresholdReached(
  trx: DB,
  deps: ServiceDeps,
  u: {
    organizationId: string;
    organizationName: string;
    meter: 'scans' | 'dynamic_codes';
    threshold: number;
    used: number;
    limit: number;
    period: string;
  },
): Promise<void> {
  const data = {
    organization_name: u.organizationName,
    meter: u.meter,
    threshold: u.threshold,
    used: u.used,
    limit: u.limit,
    period: u.period,
  };
  await deliver(
    trx,
    deps,
    await orgAdminIds(trx, u.organizationId),
    { kind: 'usage_threshold', organizationId: u.organizationId, workspaceId: null, data },
    null,
  );
}

/**
 * An operator verified or rejected a GS1 company prefix the organization claimed: its admins hear
 * of it, with the reason of a rejection (docs/decisions/0075-gs1-prefix-verification.md).
 */
export async function gs1PrefixDecided(
  trx: DB,
  deps: ServiceDeps,
  d: {
    organizationId: string;
    prefixId: string;
    prefix: string;
    decision: 'verified' | 'rejected';
    reason: string | null;
  },
): Promise<void> {
  const data = {
    organization_name: await organizationName(trx, d.organizationId),
    prefix: d.prefix,
    prefix_id: d.prefixId,
    ...(d.decision === 'rejected' ? { reason: d.reason ?? '' } : {}),
  };
  await deliver(
    trx,
    deps,
    await orgAdminIds(trx, d.organizationId),
    {
      kind: d.decision === 'verified' ? 'gs1_prefix_verified' : 'gs1_prefix_rejected',
      organizationId: d.organizationId,
      workspaceId: null,
      data,
    },
    null,
  );
}
