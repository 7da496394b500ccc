import type { Insertable, Updateable } from 'kysely';
import type { DB } from '../../db/database.js';
import type { AnnouncementsTable } from './announcements.table.js';
import { recipientsAmong } from '../accounts/index.js';
import { activeKeyCreatorIds } from '../api-keys/index.js';

export function insertAnnouncement(db: DB, row: Insertable<AnnouncementsTable>) {
  return db.insertInto('announcements').values(row).execute();
}

export function findAnnouncement(db: DB, id: string) {
  return db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirst();
}

export function updateAnnouncement(db: DB, id: string, patch: Updateable<AnnouncementsTable>) {
  return db.updateTable('announcements').set(patch).where('id', '=', id).execute();
}

export function markWithdrawn(db: DB, id: string, at: string) {
  return db
    .updateTable('announcements')
    .set({ withdrawn_at: at })
    .where('id', '=', id)
    .where('withdrawn_at', 'is', null)
    .execute();
}

/** Every announcement, drafts included, for the console. No ORDER BY or LIMIT: the pagination adds them. */
export function everyAnnouncement(db: DB) {
  return db.selectFrom('announcements').selectAll();
}

/** Every announcement, for the operator's `announce list`; `all` adds withdrawn and ended ones. */
export function operatorList(db: DB, now: string, all: boolean) {
  let q = db.selectFrom('announcements').selectAll().orderBy('id', 'desc');
  if (!all)
    q = q.where('withdrawn_at', 'is', null).where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]));
  return q.execute();
}

/**
 * The announcements a caller sees now: published (no draft), not withdrawn, started, not ended, for every organization or
 * the caller's; with the caller's dismissal joined (null when not dismissed). No ORDER BY or LIMIT:
 * the pagination adds them.
 */
export function visibleQuery(db: DB, who: { organizationId: string; actorId: string }, now: string) {
  return db
    .selectFrom('announcements as a')
    .leftJoin('announcement_dismissals as d', (j) =>
      j.onRef('d.announcement_id', '=', 'a.id').on('d.actor_id', '=', who.actorId),
    )
    .selectAll('a')
    .select('d.dismissed_at')
    .where('a.withdrawn_at', 'is', null)
    .where('a.published_at', 'is not', null)
    .where('a.starts_at', '<=', now)
    .where((eb) => eb.or([eb('a.ends_at', 'is', null), eb('a.ends_at', '>', now)]))
    .where((eb) => eb.or([eb('a.organization_id', 'is', null), eb('a.organization_id', '=', who.organizationId)]));
}

/** Records the dismissal once; a second one keeps the first time. */
export async function insertDismissal(db: DB, announcementId: string, actorId: string, at: string) {
  await db
    .insertInto('announcement_dismissals')
    .values({ announcement_id: announcementId, actor_id: actorId, dismissed_at: at })
    .onConflict((oc) => oc.columns(['announcement_id', 'actor_id']).doNothing())
    .execute();
}

/**
 * The people an API change reaches (docs/versioning.md): every user who created an API key that is
 * not revoked and was used since `since`, and who is still a member of the key's organization.
 */
export function apiKeyOwners(db: DB, since: string, organizationId: string | null) {
  return recipientsAmong(db, activeKeyCreatorIds(db, since, organizationId));
}
