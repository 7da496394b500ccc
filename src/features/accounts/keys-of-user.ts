import type { DB } from '../../db/database.js';

/**
 * The API keys a user created (docs/decisions.md D56): the api-keys feature implements it and
 * src/features/index.ts hands it to the account routes, as with SignInPolicy; the accounts feature
 * cannot import api-keys, which builds on accounts.
 */
export interface KeysOfUser {
  /** Inside the caller's transaction, revokes every key the user created that is not revoked yet. */
  revokeAll(trx: DB, userId: string, at: string): Promise<unknown>;
}
