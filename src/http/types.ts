import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../platform/deps.js';
import type { Permission } from './permissions.js';
import type { Principal, SessionCredential } from './principal.js';
import type { AppError } from './errors.js';
import type { SerializeOptions } from 'cookie';

/** The app as feature plugins see it: TypeBox-typed routes. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
  interface FastifyRequest {
    cookies: Record<string, string | undefined>;
    principal: Principal | null;
    authError: AppError | null;
    session: SessionCredential | null;
    idempotency: { scope: string; key: string } | null;
  }
  interface FastifyReply {
    setCookie(name: string, value: string, options?: SerializeOptions): FastifyReply;
    clearCookie(name: string, options?: SerializeOptions): FastifyReply;
  }
  interface FastifyContextConfig {
    /** false: no authentication (health, docs, redirect, public pages) */
    auth?: boolean;
    permission?: Permission;
    /**
     * 'public': the separate per-IP budget of redirect and resolver routes (docs/decisions.md D8);
     * 'anonymous' (or unset): the per-IP budget of callers without credentials (http/rate-limit.ts)
     */
    rateLimit?: 'public' | 'anonymous';
    /** pages people open in a browser (redirect, passport): errors answer HTML to an HTML Accept */
    htmlErrors?: boolean;
    /** 'errors': a route answering at volume logs only errors and slow requests (http/request-log.ts) */
    accessLog?: 'all' | 'errors';
    /** which helper of http/route.ts declared the route; test/http/route-declarations.test.ts checks every route has one */
    declaredBy?: 'route' | 'public' | 'session';
    /** publicRoute: why the route needs no authentication */
    reason?: string;
  }
}

/** The principal of an authenticated route; auth has already rejected anonymous callers. */
export function principalOf(request: { principal: Principal | null }): Principal {
  if (!request.principal) throw new Error('principalOf used on a route without authentication');
  return request.principal;
}
