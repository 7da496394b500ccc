import type { DB } from '../../db/database.js';

export function findSetting(db: DB, key: string) {
  return db.selectFrom('instance_settings').selectAll().where('key', '=', key).executeTakeFirst();
}

export async function saveSetting(db: DB, key: string, value: string, by: string | null, at: string) {
  await db
    .insertInto('instance_settings')
    .values({ key, value, updated_by: by, updated_at: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_by: by, updated_at: at }))
    .execute();
}
