import type { FastifySchema } from 'fastify';
import type { Permission } from './permissions.js';

/** What every API operation documents, so the OpenAPI reference has no bare entries. */
export interface OperationSchema extends FastifySchema {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
}

// One way to declare a route: every registration goes through one of the three helpers below, so
// each states its permission (route), its reason for having none (publicRoute) or that it reads the
// dashboard's cookie itself (sessionRoute), next to its schema and its rate-limit class. The auth
// plugin (auth.ts), the rate limit (rate-limit.ts) and the problem mapping (problem.ts) read the
// config they return; test/http/route-declarations.test.ts and `npm run lint:routes`
// (scripts/route-declarations.ts) fail on a route declared any other way.

/**
 * The option block of an authenticated API route (API key or session): the action it needs (one
 * permission table, checked by the auth hook) and its documented schema. Its rate-limit class is
 * the caller's own budget (per key, or per session user). The schema's type passes through whole,
 * so the TypeBox provider still types the request from it.
 */
export function route<S extends OperationSchema>(permission: Permission, schema: S) {
  return { config: { declaredBy: 'route' as const, permission }, schema };
}

/**
 * The budget an unauthenticated route counts against (docs/decisions.md D8): 'public' is the
 * separate, higher per-IP budget of what phones and resolvers hit at volume; 'anonymous' is the
 * shared per-IP budget of every other caller without credentials.
 */
export type RateLimitClass = 'public' | 'anonymous';

export interface PublicRouteOptions {
  rateLimit: RateLimitClass;
  /** a page people open in a browser: errors answer HTML to an HTML Accept (problem.ts) */
  htmlErrors?: boolean;
  /** 'errors': a route answering at volume logs only errors and slow requests (request-log.ts) */
  accessLog?: 'all' | 'errors';
  /** the handler maps validation errors itself (the resolver's GS1 rules) */
  attachValidation?: boolean;
}

/**
 * A route anyone may call, without authentication. `reason` says why it needs none (e.g. 'scanned
 * by phones'); the rate-limit class is a required choice, since no caller's own budget applies.
 */
export function publicRoute<S extends FastifySchema>(reason: string, schema: S, options: PublicRouteOptions) {
  const { rateLimit, htmlErrors, accessLog, attachValidation } = options;
  return {
    config: {
      declaredBy: 'public' as const,
      reason,
      auth: false as const,
      rateLimit,
      ...(htmlErrors ? { htmlErrors } : {}),
      ...(accessLog ? { accessLog } : {}),
    },
    schema,
    ...(attachValidation ? { attachValidation } : {}),
  };
}

/**
 * A dashboard route that reads the session cookie itself (signup, login, account, invitations):
 * no authentication hook, since some of them start or end the session, or answer without one. The
 * anonymous per-IP budget applies, as to any caller the auth hook has not resolved.
 */
export function sessionRoute<S extends OperationSchema>(schema: S) {
  return {
    config: { declaredBy: 'session' as const, auth: false as const, rateLimit: 'anonymous' as const },
    schema,
  };
}
