import type { DB } from '../db/database.js';

/**
 * Who did something, in words a person recognises: a user's name and address, or an API key's
 * name (docs/decisions.md D65). `name` and `email` are null for an erased user; `email` is null for keys.
 */
export interface ActorRef {
  id: string;
  type: 'user' | 'api';
  name: string | null;
  email: string | null;
}

/**
 * Turns the usr_… and key_… ids that audit entries and comments keep into {@link ActorRef}s, one
 * query per kind for a whole page. The users and API keys it reads belong to features that the
 * audit log itself sits below, so the lookup is handed down as a dependency (like the principal
 * resolver) rather than imported: the api-keys feature implements it, src/app.ts wires it.
 */
export interface ActorDirectory {
  /** Ids of the organization's users and keys; unknown ids and null are left out of the map. */
  describe(db: DB, organizationId: string, ids: Iterable<string | null>): Promise<Map<string, ActorRef>>;
}
