import type { ActorDirectory, ActorRef } from '../../platform/actors.js';
import { userNamesByIds } from '../accounts/index.js';
import { keyNamesByIds } from './api-keys.repo.js';

/**
 * The one {@link ActorDirectory}: users by the accounts feature's lookup, keys by their own table.
 * An erased user keeps its id in old entries, with no name and no address (docs/privacy.md).
 */
export const actorDirectory: ActorDirectory = {
  async describe(db, organizationId, ids) {
    const unique = [...new Set([...ids].filter((id): id is string => typeof id === 'string'))];
    // One after the other: inside a transaction both share one PostgreSQL connection.
    const users = await userNamesByIds(
      db,
      unique.filter((id) => id.startsWith('usr_')),
    );
    const keys = await keyNamesByIds(
      db,
      organizationId,
      unique.filter((id) => id.startsWith('key_')),
    );
    const out = new Map<string, ActorRef>();
    for (const u of users)
      out.set(u.id, {
        id: u.id,
        type: 'user',
        name: u.erased_at ? null : u.name,
        email: u.erased_at ? null : u.email,
      });
    for (const k of keys) out.set(k.id, { id: k.id, type: 'api', name: k.name, email: null });
    return out;
  },
};
