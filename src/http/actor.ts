// The display data of whoever acted (docs/decisions.md D65): audit entries, comments and API keys
// name their user or key beside the id, so the dashboard shows people, not usr_… ids, and needs no
// member list (which a viewer may not read).
import { Type } from 'typebox';
import { Nullable } from './nullable.js';
import type { DB } from '../db/database.js';
import type { ActorDirectory, ActorRef } from '../platform/actors.js';

export const Actor = Type.Object(
  {
    id: Type.String({ examples: ['usr_01JD3Y2K8Q9XW4T5N6M7P8R9S0'], description: 'The usr_… or key_… id.' }),
    type: Type.Enum(['user', 'api'], { description: 'user: a person; api: an API key.' }),
    name: Nullable(
      Type.String({
        description: "The user's name (null when they gave none, or were erased), or the key's name.",
        examples: ['Anna Berg'],
      }),
    ),
    email: Nullable(
      Type.String({
        description: "The user's e-mail address; null for keys and erased users.",
        examples: ['anna@example.com'],
      }),
    ),
  },
  { title: 'Actor' },
);

/**
 * Items with their actor beside the id: `as` names the added member, `idOf` reads the id. One
 * lookup for the whole page; an id the directory does not know (a deleted key) gets null.
 */
export async function withActors<T, K extends string>(
  directory: ActorDirectory,
  db: DB,
  organizationId: string,
  items: T[],
  idOf: (item: T) => string | null,
  as: K,
): Promise<Array<T & Record<K, ActorRef | null>>> {
  const found = await directory.describe(db, organizationId, items.map(idOf));
  return items.map((item) => {
    const id = idOf(item);
    return { ...item, [as]: (id && found.get(id)) || null } as T & Record<K, ActorRef | null>;
  });
}
