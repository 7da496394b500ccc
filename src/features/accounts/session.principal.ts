import type { FastifyRequest } from 'fastify';
import type { PlanName } from '../../platform/plans.js';
import { AppError, unauthenticated } from '../../http/errors.js';
import type { PrincipalResolver } from '../../http/principal.js';
import { liveSession, sessionScope } from './sessions.service.js';
import { twoFactorOf } from './two-factor.js';
import { organizationNotFound } from '../organizations/index.js';
import { workspaceNotFound } from '../workspaces/index.js';

/** The auth hook's session half (PrincipalResolver): cookie → user → organization and workspace. */
export const principalFromSession: PrincipalResolver['session'] = async (request: FastifyRequest, token: string) => {
  const { db, clock } = request.server.deps;
  const session = await liveSession(db, token, clock.now());
  if (!session) return unauthenticated('The session has expired; log in again.');
  const scope = await sessionScope(
    db,
    session.user_id,
    request.headers['x-organization-id'],
    request.headers['x-workspace-id'],
  );
  if (!scope) return organizationNotFound();
  if (scope.suspended)
    return new AppError('suspended', 'This organization is suspended by the operator of this server.');
  if (!scope.workspace) return workspaceNotFound();
  const twoFactor = await twoFactorOf(db, scope.organizationId, session.user_id);
  if (twoFactor.required && !twoFactor.enabled)
    return new AppError(
      'two-factor-enrolment-required',
      'This organization requires two-factor sign-in: turn it on first (POST /auth/2fa/enrol).',
    );
  return {
    session: { id: session.id, userId: session.user_id, csrfToken: session.csrf_token },
    principal: {
      kind: 'session',
      actorType: 'user',
      actorId: session.user_id,
      userId: session.user_id,
      organizationId: scope.organizationId,
      workspaceId: scope.workspace.id,
      plan: scope.plan as PlanName,
      orgRole: scope.orgRole,
      role: scope.workspace.role,
      twoFactor: twoFactor.enabled,
      emailVerified: twoFactor.verified,
      requestId: request.id,
    },
  };
};
