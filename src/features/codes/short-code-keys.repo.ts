import { sql } from 'kysely';
import type { DB } from '../../db/database.js';

/** The key a short code is taken under: the same name in any case is one name (docs/decisions.md D59). */
export const shortCodeKey = (shortCode: string) => shortCode.toLowerCase();

/**
 * Claims `shortCode` for the code, or says who holds it. On PostgreSQL a concurrent claim of the
 * same key waits for the first transaction and then finds it taken, so only one of two wins.
 */
export async function claimShortCode(db: DB, shortCode: string, codeId: string): Promise<boolean> {
  const key = shortCodeKey(shortCode);
  const inserted = await db
    .insertInto('short_code_keys')
    .values({ key, code_id: codeId })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  if (inserted) return true;
  const holder = await db.selectFrom('short_code_keys').select('code_id').where('key', '=', key).executeTakeFirst();
  return holder?.code_id === codeId;
}

/**
 * After a name of `codeId` went away: the key stays while a name of any code still has it (the
 * code's own other spelling, or a twin stored before docs/decisions.md D59, which then holds it),
 * else it is free.
 */
export async function releaseShortCode(db: DB, shortCode: string, codeId: string): Promise<void> {
  const key = shortCodeKey(shortCode);
  const lower = sql<string>`lower(short_code)`;
  const own = await db
    .selectFrom('codes')
    .select('id as code_id')
    .where(lower, '=', key)
    .union(db.selectFrom('code_aliases').select('code_id').where(lower, '=', key))
    .execute();
  if (own.some((r) => r.code_id === codeId)) return;
  if (own.length) {
    await db.updateTable('short_code_keys').set({ code_id: own[0].code_id }).where('key', '=', key).execute();
    return;
  }
  await db.deleteFrom('short_code_keys').where('key', '=', key).where('code_id', '=', codeId).execute();
}
