import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { WorkspacesTable } from './workspaces.table.js';

export function insertWorkspace(db: Kysely<Database>, row: Insertable<WorkspacesTable>) {
  return db.insertInto('workspaces').values(row).execute();
}

export function findWorkspace(db: Kysely<Database>, organizationId: string, id: string) {
  return db.selectFrom('workspaces').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
}
