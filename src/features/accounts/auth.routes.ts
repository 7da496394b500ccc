import type { App } from '../../http/types.js';
import { signInRoutes } from './sign-in.routes.js';
import { meRoutes } from './me.routes.js';
import type { SignupInvitations } from './signup-invitations.js';
import type { SignInPolicy } from './sign-in-policy.js';

/**
 * The session's routes, a file a resource, registered in the reference's order.
 * `invitations`: sign-up from an invitation link, implemented by the invitations feature (signup-invitations.ts);
 * `signIn`: whether a password may sign in, implemented by the sso feature (sign-in-policy.ts).
 */
export default async function authRoutes(app: App, opts: { invitations: SignupInvitations; signIn: SignInPolicy }) {
  signInRoutes(app, opts);
  meRoutes(app);
}
