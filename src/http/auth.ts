import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthenticated } from './errors.js';
import { checkCsrf } from './csrf.js';
import { allows } from './permissions.js';
import { rateLimitHook } from './rate-limit.js';
import { prependHooks } from './route-hooks.js';
import type { Principal, PrincipalResolver } from './principal.js';

export const SESSION_COOKIE = 'qrs_session';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

async function resolvePrincipal(resolver: PrincipalResolver, request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  let result: Principal | AppError | null = null;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    result = match
      ? await resolver.apiKey(request, match[1])
      : unauthenticated('The Authorization header must be "Bearer <API key>".');
  } else {
    const cookie = request.cookies[SESSION_COOKIE];
    const resolved = cookie ? await resolver.session(request, cookie) : null;
    if (!resolved || resolved instanceof AppError) result = resolved;
    else {
      request.session = resolved.session;
      result = resolved.principal;
    }
  }
  if (result instanceof AppError) request.authError = result;
  else request.principal = result;
}

async function enforce(request: FastifyRequest): Promise<void> {
  if (request.authError) throw request.authError;
  const principal = request.principal;
  if (!principal) throw unauthenticated();
  if (principal.kind === 'session' && !SAFE_METHODS.has(request.method))
    checkCsrf(request.session!.csrfToken, request.headers['x-csrf-token']);
  const permission = request.routeOptions.config.permission;
  if (permission && !allows(principal, permission)) {
    throw forbidden(
      principal.kind === 'api_key'
        ? 'This API key cannot perform this operation: keys never carry an admin role, and never exceed the current rights of the user who created them.'
        : 'Your role does not allow this operation.',
    );
  }
}

export interface AuthOptions {
  /** the features' API-key and session lookups (app.ts); this plugin knows none of them */
  resolver: PrincipalResolver;
}

/**
 * Wires each route with only the guards it needs, as route-level hooks (a public route whose
 * budget is 0 runs none): resolve the caller without rejecting (onRequest), count it against its
 * rate limit, so even a 401 carries the headers, then reject before validation (preValidation).
 */
export const authPlugin = fp<AuthOptions>(
  async (app, { resolver }) => {
    app.decorateRequest('principal', null);
    app.decorateRequest('authError', null);
    app.decorateRequest('session', null);
    const { config } = app.deps;
    const resolve = (request: FastifyRequest) => resolvePrincipal(resolver, request);

    app.addHook('onRoute', (route) => {
      const authenticated = route.config?.auth !== false;
      // A budget of 0 switches a per-IP limit off; per-key plan limits are decided per request.
      const limited =
        route.config?.rateLimit === 'public'
          ? config.rateLimit.publicPerWindow > 0
          : authenticated || config.rateLimit.anonymousPerWindow > 0;
      prependHooks(route, 'onRequest', ...(authenticated ? [resolve] : []), ...(limited ? [rateLimitHook] : []));
      if (authenticated) prependHooks(route, 'preValidation', enforce);
    });
  },
  { name: 'auth', dependencies: ['cookies'] },
);
