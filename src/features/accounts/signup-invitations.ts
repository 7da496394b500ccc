import type { ServiceDeps } from '../../platform/deps.js';
import type { DB } from '../../db/database.js';

/** Where a user who signed up from an invitation link lands. */
export interface InvitationLanding {
  organizationId: string;
  /** the first invited workspace still active (an org_admin's: else the default one); null: none */
  workspaceId: string | null;
}

/**
 * Signing up from an invitation link (docs/decisions.md D63): the invitations feature implements
 * it and src/features/index.ts hands it to the auth routes as a plugin option. The accounts feature
 * cannot import invitations, which imports accounts; like the auth plugin's principal resolver, the
 * lower side names what it needs and the wiring passes it in.
 */
export interface SignupInvitations {
  /**
   * Inside the sign-up's transaction, before anything is written: the open invitation the link's
   * token names, addressed to `email`; otherwise throws the problem to answer.
   */
  check(trx: DB, token: string, email: string, at: Date): Promise<{ id: string }>;
  /** Accepts it for the new user in the same transaction: the membership and the invited roles. */
  accept(
    trx: DB,
    ctx: ServiceDeps,
    invitation: { id: string },
    userId: string,
    requestId: string,
    at: Date,
  ): Promise<InvitationLanding>;
}
