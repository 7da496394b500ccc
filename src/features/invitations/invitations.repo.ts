import type { InvitationsTable } from './invitations.table.js';
import type { DB } from '../../db/database.js';
import { organizationRows } from '../organizations/index.js';
import { flaggedDefaultWorkspaceId } from '../workspaces/index.js';

/** Not accepted, declined or revoked (it may still have expired). */
export function openInvitations(db: DB) {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('accepted_at', 'is', null)
    .where('declined_at', 'is', null)
    .where('revoked_at', 'is', null);
}

export function findOpenInvitation(db: DB, organizationId: string, email: string) {
  return openInvitations(db)
    .where('organization_id', '=', organizationId)
    .where('email', '=', email)
    .executeTakeFirst();
}

export function findInvitation(db: DB, id: string) {
  return db.selectFrom('invitations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertInvitation(db: DB, row: InvitationsTable) {
  return db.insertInto('invitations').values(row).execute();
}

export function updateInvitation(db: DB, id: string, set: Partial<InvitationsTable>) {
  return db.updateTable('invitations').set(set).where('id', '=', id).execute();
}

/** Invitations of active organizations, with the organization's name and slug. */
function withOrganization(db: DB) {
  return db
    .selectFrom('invitations as i')
    .innerJoin(organizationRows(db).as('o'), 'o.id', 'i.organization_id')
    .selectAll('i')
    .select(['o.name as org_name', 'o.slug as org_slug'])
    .where('o.deleted_at', 'is', null);
}

/** Pending invitations addressed to this e-mail, in active organizations, with the organization. */
export function pendingForEmail(db: DB, email: string, now: string) {
  return withOrganization(db)
    .where('i.email', '=', email)
    .where('i.accepted_at', 'is', null)
    .where('i.declined_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .where('i.expires_at', '>', now)
    .orderBy('i.id', 'desc');
}

export function findForEmail(db: DB, id: string, email: string) {
  return withOrganization(db).where('i.id', '=', id).where('i.email', '=', email).executeTakeFirst();
}

/**
 * The invitation (of an active organization) whose link has this token hash: its current link, or
 * (`replaced`) one that inviting again replaced (docs/decisions.md D63).
 */
export async function findByLink(db: DB, tokenHash: string) {
  const current = await withOrganization(db).where('i.token_hash', '=', tokenHash).executeTakeFirst();
  if (current) return { ...current, replaced: false };
  const old = await withOrganization(db)
    .innerJoin('invitation_replaced_links as l', 'l.invitation_id', 'i.id')
    .where('l.token_hash', '=', tokenHash)
    .executeTakeFirst();
  return old ? { ...old, replaced: true } : undefined;
}

/** Keeps the hash of a link that a new one replaces. */
export function recordReplacedLink(db: DB, invitationId: string, tokenHash: string, at: string) {
  return db
    .insertInto('invitation_replaced_links')
    .values({ token_hash: tokenHash, invitation_id: invitationId, replaced_at: at })
    .execute();
}

export async function defaultWorkspaceId(db: DB, organizationId: string) {
  return (await flaggedDefaultWorkspaceId(db, organizationId)) ?? null;
}

/**
 * The organization's invitation mails of the last day: how many, and when the oldest was sent.
 * Older rows are dropped first. The caller holds the organization's row lock: the count is exact.
 */
export async function invitationMailsOfDay(db: DB, organizationId: string, at: Date) {
  await db
    .deleteFrom('invitation_mails')
    .where('organization_id', '=', organizationId)
    .where('sent_at', '<=', new Date(at.getTime() - 86_400_000).toISOString())
    .execute();
  const row = await db
    .selectFrom('invitation_mails')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('sent_at').as('oldest')])
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: row.oldest as string | null };
}

export function recordInvitationMail(db: DB, organizationId: string, at: Date) {
  return db
    .insertInto('invitation_mails')
    .values({ organization_id: organizationId, sent_at: at.toISOString() })
    .execute();
}
