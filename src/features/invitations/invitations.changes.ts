import type { ServiceDeps } from '../../platform/deps.js';
import type { DB } from '../../db/database.js';
import { lockRow } from '../../db/row-lock.js';
import { paginate } from '../../http/pagination.js';
import { isId } from '../../lib/ids.js';
import { randomBase62, sha256Hex } from '../../lib/tokens.js';
import type { AuditWho } from '../audit/index.js';
import { findUserByEmail } from '../accounts/index.js';
import { findActiveOrganization } from '../organizations/index.js';
import { TEMPLATES, localeOf, queueMail } from '../../platform/mail/index.js';
import { effectiveLimits } from '../limits/index.js';
import type { InvitationsTable } from './invitations.table.js';
import type { InvitationListQuery } from './invitations.schemas.js';
import { findInvitation, recordReplacedLink, updateInvitation } from './invitations.repo.js';
import {
  INVITATION_TTL_MS,
  auditInvitation,
  invitationNotFound,
  notOpen,
  statusOf,
  takeInvitationMail,
  toInvitation,
} from './invitations.service.js';

// An invitation changed by someone other than the organization's admins: the operator's console
// (docs/decisions.md D74) resends and revokes through these, under the same rules.

type Row = InvitationsTable;

/** Who changes an invitation outside POST /v1/members, and what else the change records. */
export interface InvitationChange {
  /** an org_admin's principal, or the operator's system actor (docs/decisions.md D74) */
  who: AuditWho;
  /** only this organization's invitations (an org_admin's); the operator names none */
  organizationId?: string;
  /** runs in the change's transaction with the row before and after (the operator's own log) */
  alsoRecord?: (trx: DB, before: Row, after: Row) => Promise<void>;
}

/** The open invitation `id` under its organization's row lock; another organization's is a 404, a closed one a 409. */
async function openForChange(trx: DB, id: string, change: InvitationChange, at: Date) {
  const found = isId(id, 'inv') ? await findInvitation(trx, id) : undefined;
  if (!found || (change.organizationId !== undefined && found.organization_id !== change.organizationId))
    throw invitationNotFound();
  await lockRow(trx, 'organizations', found.organization_id);
  const row = (await findInvitation(trx, id))!;
  const status = statusOf(row, at);
  if (status !== 'pending' && status !== 'expired') throw notOpen(row, at)!;
  return row;
}

/** Revokes an open invitation: DELETE /v1/invitations/:id, and the operator's console. */
export async function revokeOpenInvitation(ctx: ServiceDeps, id: string, change: InvitationChange) {
  const at = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const row = await openForChange(trx, id, change, at);
    const next = { ...row, revoked_at: at.toISOString() };
    await updateInvitation(trx, id, { revoked_at: next.revoked_at });
    await auditInvitation(trx, { ...change.who, organizationId: row.organization_id }, 'revoked', row, next, at);
    await change.alsoRecord?.(trx, row, next);
    return toInvitation(next, at);
  });
}

/**
 * Mails an open (or expired, not answered) invitation again with a new link and a new expiry, the
 * old link then saying `replaced`, as inviting the address again does. It counts against the
 * organization's INVITATIONS_PER_DAY like any invitation mail. The link goes to the invitee only.
 */
export async function resendInvitation(ctx: ServiceDeps, id: string, change: InvitationChange) {
  const at = ctx.clock.now();
  const token = randomBase62(43);
  // The cap POST /v1/members applies, read as it reads it.
  const cap = (await effectiveLimits(ctx)).invitationsPerDay;
  return ctx.db.transaction().execute(async (trx) => {
    const row = await openForChange(trx, id, change, at);
    // A deleted organization's invitations are nobody's to mail.
    const org = await findActiveOrganization(trx, row.organization_id);
    if (!org) throw invitationNotFound();
    await takeInvitationMail(trx, cap, row.organization_id, at);
    const fields = {
      expires_at: new Date(at.getTime() + INVITATION_TTL_MS).toISOString(),
      token_hash: sha256Hex(token),
    };
    if (row.token_hash) await recordReplacedLink(trx, row.id, row.token_hash, at.toISOString());
    await updateInvitation(trx, row.id, fields);
    const next = { ...row, ...fields };
    await auditInvitation(trx, { ...change.who, organizationId: row.organization_id }, 'refreshed', row, next, at);
    const invitee = await findUserByEmail(trx, row.email);
    await queueMail(trx, ctx, {
      to: row.email,
      locale: localeOf(invitee?.locale),
      template: TEMPLATES.invitation,
      params: {
        url: `${ctx.config.baseUrl}/invitations/accept?token=${token}`,
        organization: org.name,
        role: row.role,
      },
    });
    await change.alsoRecord?.(trx, row, next);
    return toInvitation(next, at);
  });
}

/** Every invitation of an organization, newest first, whatever its status (the operator's console). */
export async function invitationsOfOrganization(ctx: ServiceDeps, organizationId: string, q: InvitationListQuery) {
  const now = ctx.clock.now();
  const base = ctx.db.selectFrom('invitations').selectAll().where('organization_id', '=', organizationId);
  const page = await paginate(base, q, 'inv');
  return { ...page, items: page.items.map((r) => toInvitation(r, now)) };
}
