import type { DB } from '../../db/database.js';
import type { AppError } from '../../http/errors.js';

/**
 * Whether a user may use a password (docs/decisions.md D80): the sso feature implements it and
 * src/features/index.ts hands it to the auth and account routes, as with SignupInvitations; the
 * accounts feature cannot import sso, which builds on accounts.
 */
export interface SignInPolicy {
  /** The problem refusing this user's password sign-in and reset (an organization requires single sign-on), or null. */
  passwordRefusal(db: DB, userId: string): Promise<AppError | null>;
}
