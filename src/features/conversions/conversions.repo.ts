import { sql, type Insertable, type RawBuilder, type Selectable } from 'kysely';
import type { DB } from '../../db/database.js';
import type { ConversionsTable, Ga4SettingsTable } from './conversions.table.js';

export type ConversionRow = Selectable<ConversionsTable>;

/** Inserts it unless the workspace has its event_id already; true when inserted. */
export async function insertConversion(db: DB, row: Insertable<ConversionsTable>): Promise<boolean> {
  const done = await db
    .insertInto('conversions')
    .values(row)
    .onConflict((oc) => oc.columns(['workspace_id', 'event_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return done !== undefined;
}

export const conversionByEventId = (db: DB, workspaceId: string, eventId: string) =>
  db
    .selectFrom('conversions')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('event_id', '=', eventId)
    .executeTakeFirst();

export const conversionsOf = (db: DB, workspaceId: string) =>
  db.selectFrom('conversions').selectAll().where('workspace_id', '=', workspaceId);

/**
 * A workspace's conversions that occurred in [from, to), of the codes `codes` picks (a condition on
 * `code_id` the analytics reads hand over) or of all: count and revenue per currency, one statement.
 */
export async function conversionSums(
  db: DB,
  workspaceId: string,
  codes: RawBuilder<unknown> | null,
  fromIso: string,
  toIso: string,
) {
  let q = db
    .selectFrom('conversions')
    .select(['currency', sql<number | string>`count(*)`.as('n'), sql<number | string | null>`sum(amount)`.as('amount')])
    .where('workspace_id', '=', workspaceId)
    .where('occurred_at', '>=', fromIso)
    .where('occurred_at', '<', toIso)
    .groupBy('currency');
  if (codes) q = q.where(codes as RawBuilder<boolean>);
  return q.execute();
}

export const ga4SettingsOf = (db: DB, workspaceId: string) =>
  db.selectFrom('ga4_settings').selectAll().where('workspace_id', '=', workspaceId).executeTakeFirst();

export const saveGa4Settings = (db: DB, row: Selectable<Ga4SettingsTable>) =>
  db
    .insertInto('ga4_settings')
    .values(row)
    .onConflict((oc) =>
      oc.column('workspace_id').doUpdateSet({
        measurement_id: row.measurement_id,
        api_secret: row.api_secret,
        updated_at: row.updated_at,
      }),
    )
    .execute();

export const deleteGa4Settings = (db: DB, workspaceId: string) =>
  db.deleteFrom('ga4_settings').where('workspace_id', '=', workspaceId).executeTakeFirst();

/** Which of these workspaces forward scans to GA4: one read by primary key. */
export const forwardingWorkspaces = async (db: DB, workspaceIds: string[]) =>
  new Set(
    (
      await db.selectFrom('ga4_settings').select('workspace_id').where('workspace_id', 'in', workspaceIds).execute()
    ).map((r) => r.workspace_id),
  );
