import { randomUUID } from 'node:crypto';
import type { DB } from '../../db/database.js';

/** Longer than any export takes; only a crashed instance's slot ever waits this long. */
export const EXPORT_LEASE_MS = 5 * 60_000;

/**
 * Takes one of a workspace's `limit` export slots, in the database so every instance counts the
 * same exports. Each slot is one primary-key row: the insert that wins it is atomic on both
 * dialects. Returns the release function, or null when every slot is held.
 */
export async function takeExportSlot(
  db: DB,
  workspaceId: string,
  limit: number,
  now: Date,
): Promise<(() => Promise<void>) | null> {
  const holder = randomUUID();
  const nowIso = now.toISOString();
  for (let slot = 0; slot < limit; slot++) {
    await db
      .deleteFrom('export_slots')
      .where('workspace_id', '=', workspaceId)
      .where('slot', '=', slot)
      .where('expires_at', '<=', nowIso)
      .execute();
    const won = await db
      .insertInto('export_slots')
      .values({
        workspace_id: workspaceId,
        slot,
        holder,
        expires_at: new Date(now.getTime() + EXPORT_LEASE_MS).toISOString(),
      })
      .onConflict((oc) => oc.columns(['workspace_id', 'slot']).doNothing())
      .returning('slot')
      .executeTakeFirst();
    if (won) {
      return async () => {
        await db
          .deleteFrom('export_slots')
          .where('workspace_id', '=', workspaceId)
          .where('slot', '=', slot)
          .where('holder', '=', holder)
          .execute();
      };
    }
  }
  return null;
}
