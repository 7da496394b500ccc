import type { InvitationsTable } from './invitations.table.js';
import type { DB } from '../../db/database.js';

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

/** Pending invitations addressed to this e-mail, in active organizations, with the organization. */
export function pendingForEmail(db: DB, email: string, now: string) {
  return db
    .selectFrom('invitations as i')
    .innerJoin('organizations as o', 'o.id', 'i.organization_id')
    .selectAll('i')
    .select(['o.name as org_name', 'o.slug as org_slug'])
    .where('i.email', '=', email)
    .where('o.deleted_at', 'is', null)
    .where('i.accepted_at', 'is', null)
    .where('i.declined_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .where('i.expires_at', '>', now)
    .orderBy('i.id', 'desc');
}

export function findForEmail(db: DB, id: string, email: string) {
  return db
    .selectFrom('invitations as i')
    .innerJoin('organizations as o', 'o.id', 'i.organization_id')
    .selectAll('i')
    .select(['o.name as org_name', 'o.slug as org_slug'])
    .where('i.id', '=', id)
    .where('i.email', '=', email)
    .where('o.deleted_at', 'is', null)
    .executeTakeFirst();
}

export function defaultWorkspaceId(db: DB, organizationId: string) {
  return db
    .selectFrom('workspaces')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('is_default', '=', 1)
    .executeTakeFirst()
    .then((r) => r?.id ?? null);
}

export function findByTokenHash(db: DB, tokenHash: string) {
  return db.selectFrom('invitations').select('id').where('token_hash', '=', tokenHash).executeTakeFirst();
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
