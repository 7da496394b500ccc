import type { App } from '../../http/types.js';
import { providerCache } from './sso.provider.js';
import { ssoConnectionRoutes } from './sso-connection.routes.js';
import { ssoSignInRoutes } from './sso-sign-in.routes.js';

/**
 * Single sign-on with OpenID Connect (docs/decisions.md D80): the org_admin's connection, and the
 * sign-in, a file each, sharing one cache of the providers' configurations.
 */
export default async function ssoRoutes(app: App) {
  const ctx = { ...app.deps, configurationOf: providerCache() };
  ssoConnectionRoutes(app, ctx);
  ssoSignInRoutes(app, ctx);
}
