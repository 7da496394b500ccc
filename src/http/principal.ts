import type { FastifyRequest } from 'fastify';
import type { PlanName } from '../platform/plans.js';
import type { OrgRole, Role } from '../lib/roles.js';
import type { AppError } from './errors.js';

/** Who is calling, passed to services instead of loose actor fields. */
export interface Principal {
  kind: 'api_key' | 'session';
  /** audit actor_type (docs/decisions.md D6) */
  actorType: 'api' | 'user';
  /** key_… or usr_… */
  actorId: string;
  /** the session's user, or the user who created the key (may be null for CLI-made keys) */
  userId: string | null;
  organizationId: string;
  workspaceId: string;
  plan: PlanName;
  orgRole: OrgRole | null;
  role: Role;
  /**
   * API keys only: the role the key's creator holds today in the key's workspace (org_admin when
   * the creator is org_admin). A key's rights are its own row intersected with this one (docs/decisions.md D4).
   */
  creatorRole?: Role | null;
  /** sessions only: the user has two-factor sign-in on (changing `require_2fa` needs it, docs/decisions.md D57) */
  twoFactor?: boolean;
  /** sessions only: the user has proved their address (docs/decisions.md D56) */
  emailVerified?: boolean;
  requestId: string;
}

/** The dashboard session behind a cookie, as far as HTTP needs it: writes must echo its CSRF token. */
export interface SessionCredential {
  id: string;
  userId: string;
  csrfToken: string;
}

/**
 * Turns a credential into a principal. The features own API keys and sessions; src/http knows
 * only this shape, which app.ts hands to the auth plugin. An AppError is not thrown but answered
 * after the rate limit has counted the request, like a missing credential.
 */
export interface PrincipalResolver {
  /** the token of `Authorization: Bearer <token>` */
  apiKey(request: FastifyRequest, token: string): Promise<Principal | AppError>;
  /** the session cookie's token; X-Organization-Id / X-Workspace-Id pick where the user acts */
  session(
    request: FastifyRequest,
    token: string,
  ): Promise<{ principal: Principal; session: SessionCredential } | AppError>;
}
