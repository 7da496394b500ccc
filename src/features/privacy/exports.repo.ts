import type { Insertable, Updateable } from 'kysely';
import type { DB } from '../../db/database.js';
import type { PrivacyExportsTable } from './exports.table.js';

export function insertExport(db: DB, row: Insertable<PrivacyExportsTable>) {
  return db.insertInto('privacy_exports').values(row).execute();
}

export function findExport(db: DB, id: string) {
  return db.selectFrom('privacy_exports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One person's exports in one organization, for the list (paginated by the caller). */
export function exportsOfUser(db: DB, userId: string, organizationId: string) {
  return db
    .selectFrom('privacy_exports')
    .selectAll()
    .where('user_id', '=', userId)
    .where('organization_id', '=', organizationId);
}

export function updateExport(db: DB, id: string, patch: Updateable<PrivacyExportsTable>) {
  return db.updateTable('privacy_exports').set(patch).where('id', '=', id).execute();
}

/** The export of this person, organization and scope still pending, or running since `since`. */
export function openExport(
  db: DB,
  q: { userId: string; organizationId: string; scope: PrivacyExportsTable['scope']; since: string },
) {
  return db
    .selectFrom('privacy_exports')
    .selectAll()
    .where('user_id', '=', q.userId)
    .where('organization_id', '=', q.organizationId)
    .where('scope', '=', q.scope)
    .where((eb) =>
      eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'running'), eb('created_at', '>=', q.since)])]),
    )
    .orderBy('id')
    .executeTakeFirst();
}

/** Takes a pending export for this process; false when another instance took it first. */
export async function claimExport(db: DB, id: string): Promise<boolean> {
  const res = await db
    .updateTable('privacy_exports')
    .set({ status: 'running' })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export function pendingExports(db: DB, limit: number) {
  return db
    .selectFrom('privacy_exports')
    .select('id')
    .where('status', '=', 'pending')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Exports past their expiry that still have (or may have) a file. */
export function expiredExports(db: DB, now: string, limit: number) {
  return db
    .selectFrom('privacy_exports')
    .select('id')
    .where('expires_at', '<=', now)
    .where('status', '!=', 'expired')
    .limit(limit)
    .execute();
}

/**
 * The person's own exports, and whole-organization exports of these organizations, expire at `at`
 * (their erasure); the export sweep deletes the files.
 */
export function expireExportsOf(trx: DB, userId: string, organizationIds: string[], at: string) {
  return trx
    .updateTable('privacy_exports')
    .set({ expires_at: at })
    .where('status', '!=', 'expired')
    .where((eb) =>
      eb.or([
        eb('user_id', '=', userId),
        ...(organizationIds.length
          ? [eb.and([eb('scope', '=', 'organization'), eb('organization_id', 'in', organizationIds)])]
          : []),
      ]),
    )
    .execute();
}
