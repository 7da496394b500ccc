import type { DB } from '../../db/database.js';
import { membersLeftWithout } from './tenancy.queries.js';

/**
 * Ends the sessions of these users. Sessions are the accounts feature's, which builds on this one,
 * so it hands the deletion down once at startup (src/features/index.ts).
 */
export type SessionsEnder = (trx: DB, userIds: ReturnType<typeof membersLeftWithout>) => Promise<unknown>;

let endSessions: SessionsEnder | undefined;

export function endSessionsWith(ender: SessionsEnder) {
  endSessions = ender;
}

/**
 * Ends the sessions of the organization's users who have no other active organization, so that
 * after a soft delete their cookies answer 401 instead of reaching an empty account.
 */
export async function endSessionsOfOrphanedMembers(trx: DB, organizationId: string) {
  if (!endSessions)
    throw new Error('The accounts feature has not handed down how sessions end (src/features/index.ts).');
  await endSessions(trx, membersLeftWithout(trx, organizationId));
}
