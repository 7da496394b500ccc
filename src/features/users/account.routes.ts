import type { App } from '../../http/types.js';
import { featurePlugin } from '../../http/plugin.js';
import { passwordResetRoutes } from './password-reset.routes.js';
import { emailRoutes } from './email.routes.js';
import { twoFactorRoutes } from './two-factor.routes.js';
import { RESET_JOB, mailResetLink } from './password-reset.service.js';

/**
 * Proving an address and getting back into an account (docs/accounts.md, "E-mail and account
 * recovery"): a file a resource, registered in the reference's order.
 */
async function accountRoutes(app: App) {
  const ctx = app.deps;
  app.jobs.register<{ email: string }>(RESET_JOB, (job) => mailResetLink(ctx, job.payload.email), {
    retryDelaysMs: [10_000, 60_000, 300_000],
  });
  passwordResetRoutes(app);
  emailRoutes(app);
  twoFactorRoutes(app);
}

export default featurePlugin('account-routes', ['jobs'], accountRoutes);
