import type { App } from '../../http/types.js';
import { featurePlugin } from '../../http/plugin.js';
import { passwordResetRoutes } from './password-reset.routes.js';
import { emailRoutes } from './email.routes.js';
import { twoFactorRoutes } from './two-factor.routes.js';
import { RESET_JOB, mailResetLink } from './password-reset.service.js';
import type { SignInPolicy } from './sign-in-policy.js';
import type { KeysOfUser } from './keys-of-user.js';

/**
 * Proving an address and getting back into an account (docs/accounts.md, "E-mail and account
 * recovery"): a file a resource, registered in the reference's order.
 */
async function accountRoutes(app: App, signIn: SignInPolicy, keys: KeysOfUser) {
  const ctx = app.deps;
  app.jobs.register<{ email: string }>(RESET_JOB, (job) => mailResetLink(ctx, job.payload.email), {
    retryDelaysMs: [10_000, 60_000, 300_000],
  });
  passwordResetRoutes(app, signIn, keys);
  emailRoutes(app);
  twoFactorRoutes(app);
}

/**
 * `signIn`: whether a password may be reset, implemented by the sso feature (sign-in-policy.ts);
 * `keys`: the API keys a reset takes back, by the api-keys feature (keys-of-user.ts).
 */
export default (signIn: SignInPolicy, keys: KeysOfUser) =>
  featurePlugin('account-routes', ['jobs'], (app) => accountRoutes(app, signIn, keys));
