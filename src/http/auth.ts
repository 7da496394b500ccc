import fp from 'fastify-plugin';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { PlanName } from '../config.js';
import { AppError, forbidden, unauthenticated } from './errors.js';
import { allows } from './permissions.js';
import { applyRateLimit } from './rate-limit.js';
import { prependHooks } from './route-hooks.js';
import type { Principal, Role } from './principal.js';
import { hashMatches, keyPattern, sha256Hex } from '../features/api-keys/api-keys.fns.js';
import { findKeyForAuth } from '../features/api-keys/api-keys.repo.js';
import { findFirstMemberWorkspace, findMembership, findSessionByHash, findWorkspaceForSession, findWorkspaceRole } from '../features/users/sessions.repo.js';

export const SESSION_COOKIE = 'qrs_session';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

async function fromApiKey(request: FastifyRequest, token: string): Promise<Principal | AppError> {
  const { config, db, clock, lastUsed } = request.server.deps;
  if (!keyPattern(config.apiKeyPrefix).test(token)) return unauthenticated('The API key is invalid.');
  const row = await findKeyForAuth(db, sha256Hex(token));
  const now = clock.now();
  // The creator's rights in the key's workspace today; none once the creator left (D4).
  const creatorRole: Role | null = row?.creator_org_role === 'org_admin' ? 'org_admin' : row?.creator_org_role ? row.creator_workspace_role ?? null : null;
  // Unknown, revoked, expired and orphaned keys all get the same answer (D4).
  if (!row || !hashMatches(row.key_hash, token) || row.revoked_at || row.org_deleted_at || row.workspace_status !== 'active'
    || (row.expires_at && row.expires_at <= now.toISOString()) || !creatorRole) {
    return unauthenticated('The API key is invalid.');
  }
  lastUsed.touch(row.id, now);
  return {
    kind: 'api_key', actorType: 'api', actorId: row.id, userId: row.created_by,
    organizationId: row.organization_id, workspaceId: row.workspace_id, plan: row.plan as PlanName,
    orgRole: null, role: 'api_key', creatorRole, requestId: request.id,
  };
}

async function fromSession(request: FastifyRequest, token: string): Promise<Principal | AppError | null> {
  const { db, clock } = request.server.deps;
  const session = await findSessionByHash(db, sha256Hex(token));
  if (!session || session.expires_at <= clock.now().toISOString()) return unauthenticated('The session has expired; log in again.');
  request.session = session;
  const orgHeader = request.headers['x-organization-id'];
  const membership = await findMembership(db, session.user_id, typeof orgHeader === 'string' ? orgHeader : undefined);
  if (!membership) return new AppError('not-found', 'Organization not found.');
  const wsHeader = request.headers['x-workspace-id'];
  const named = typeof wsHeader === 'string' ? wsHeader : undefined;
  let workspaceId: string;
  let role: Role;
  const workspace = await findWorkspaceForSession(db, membership.organization_id, named);
  const member = workspace && membership.role !== 'org_admin' ? await findWorkspaceRole(db, workspace.id, session.user_id) : undefined;
  if (workspace && (membership.role === 'org_admin' || member)) {
    workspaceId = workspace.id;
    role = membership.role === 'org_admin' ? 'org_admin' : member!.role;
  } else if (!named) {
    // No workspace named and no role in the default one: the user's first workspace (D4 default
    // is the default workspace, which a member may not belong to).
    const first = await findFirstMemberWorkspace(db, membership.organization_id, session.user_id);
    if (!first) return new AppError('not-found', 'Workspace not found.');
    workspaceId = first.id;
    role = first.role;
  } else {
    return new AppError('not-found', 'Workspace not found.');
  }
  return {
    kind: 'session', actorType: 'user', actorId: session.user_id, userId: session.user_id,
    organizationId: membership.organization_id, workspaceId, plan: membership.plan as PlanName,
    orgRole: membership.role, role, requestId: request.id,
  };
}

async function resolvePrincipal(request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  let result: Principal | AppError | null = null;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    result = match ? await fromApiKey(request, match[1]) : unauthenticated('The Authorization header must be "Bearer <API key>".');
  } else {
    const cookie = request.cookies[SESSION_COOKIE];
    result = cookie ? await fromSession(request, cookie) : null;
  }
  if (result instanceof AppError) request.authError = result;
  else request.principal = result;
}

async function enforce(request: FastifyRequest): Promise<void> {
  if (request.authError) throw request.authError;
  const principal = request.principal;
  if (!principal) throw unauthenticated();
  if (principal.kind === 'session' && !SAFE_METHODS.has(request.method)) {
    const sent = request.headers['x-csrf-token'];
    const expected = Buffer.from(request.session!.csrf_token);
    if (typeof sent !== 'string' || sent.length !== expected.length || !timingSafeEqual(Buffer.from(sent), expected)) {
      throw forbidden('The X-CSRF-Token header is missing or wrong.');
    }
  }
  const permission = request.routeOptions.config.permission;
  if (permission && !allows(principal, permission)) {
    throw forbidden(principal.kind === 'api_key'
      ? 'This API key cannot perform this operation: keys never carry an admin role, and never exceed the current rights of the user who created them.'
      : 'Your role does not allow this operation.');
  }
}

/**
 * Wires each route with only the guards it needs, as route-level hooks (a public route whose
 * budget is 0 runs none): resolve the caller without rejecting (onRequest), count it against its
 * rate limit, so even a 401 carries the headers, then reject before validation (preValidation).
 */
export const authPlugin = fp(async (app) => {
  app.decorateRequest('principal', null);
  app.decorateRequest('authError', null);
  app.decorateRequest('session', null);
  const { config } = app.deps;

  app.addHook('onRoute', (route) => {
    const authenticated = route.config?.auth !== false;
    // A budget of 0 switches a per-IP limit off; per-key plan limits are decided per request.
    const limited = route.config?.rateLimit === 'public'
      ? config.rateLimit.publicPerWindow > 0
      : authenticated || config.rateLimit.anonymousPerWindow > 0;
    prependHooks(route, 'onRequest', ...(authenticated ? [resolvePrincipal] : []), ...(limited ? [applyRateLimit] : []));
    if (authenticated) prependHooks(route, 'preValidation', enforce);
  });
}, { name: 'auth', dependencies: ['cookies'] });
