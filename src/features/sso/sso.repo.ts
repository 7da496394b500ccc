import type { Insertable } from 'kysely';
import type { DB } from '../../db/database.js';
import type { SsoConnectionsTable, SsoLoginsTable } from './sso.table.js';

export function findConnection(db: DB, organizationId: string) {
  return db.selectFrom('sso_connections').selectAll().where('organization_id', '=', organizationId).executeTakeFirst();
}

export async function saveConnection(db: DB, row: Insertable<SsoConnectionsTable>, exists: boolean) {
  if (exists) {
    const { organization_id, created_at: _, ...rest } = row;
    await db.updateTable('sso_connections').set(rest).where('organization_id', '=', organization_id).execute();
  } else await db.insertInto('sso_connections').values(row).execute();
}

export async function deleteConnection(db: DB, organizationId: string) {
  await db.deleteFrom('sso_logins').where('organization_id', '=', organizationId).execute();
  await db.deleteFrom('sso_identities').where('organization_id', '=', organizationId).execute();
  await db.deleteFrom('sso_connections').where('organization_id', '=', organizationId).execute();
}

/** The organizations among these that require single sign-on. */
export function requiringOrganizations(db: DB, organizationIds: string[]) {
  if (organizationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sso_connections')
    .select('organization_id')
    .where('organization_id', 'in', organizationIds)
    .where('required', '=', 1)
    .execute();
}

export async function insertLogin(db: DB, row: SsoLoginsTable, now: string) {
  // Abandoned sign-ins go as new ones start, so the table holds only the last ten minutes'.
  await db.deleteFrom('sso_logins').where('expires_at', '<', now).execute();
  await db.insertInto('sso_logins').values(row).execute();
}

/** Takes the sign-in of a state: read and deleted at once, so a state works once. */
export async function takeLogin(db: DB, stateHash: string) {
  return db.deleteFrom('sso_logins').where('state_hash', '=', stateHash).returningAll().executeTakeFirst();
}

export function findIdentity(db: DB, organizationId: string, issuer: string, subject: string) {
  return db
    .selectFrom('sso_identities')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export async function hasIdentity(db: DB, organizationId: string, userId: string) {
  const row = await db
    .selectFrom('sso_identities')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function linkIdentity(
  db: DB,
  row: { organization_id: string; issuer: string; subject: string; user_id: string; created_at: string },
) {
  await db
    .deleteFrom('sso_identities')
    .where('organization_id', '=', row.organization_id)
    .where('issuer', '=', row.issuer)
    .where('subject', '=', row.subject)
    .execute();
  await db.insertInto('sso_identities').values(row).execute();
}
