import type { FastifyRequest } from 'fastify';
import type { PlanName } from '../../platform/plans.js';
import { AppError, unauthenticated } from '../../http/errors.js';
import type { PrincipalResolver } from '../../http/principal.js';
import type { Role } from '../../lib/roles.js';
import { sha256Hex } from '../../lib/tokens.js';
import { hashMatches, keyPattern } from './api-keys.fns.js';
import { findKeyForAuth } from './api-keys.repo.js';

/** The auth hook's API-key half (PrincipalResolver): bearer token → key → its workspace. */
export const principalFromApiKey: PrincipalResolver['apiKey'] = async (request: FastifyRequest, token: string) => {
  const { config, db, clock, lastUsed } = request.server.deps;
  if (!keyPattern(config.apiKeyPrefix).test(token)) return unauthenticated('The API key is invalid.');
  const row = await findKeyForAuth(db, sha256Hex(token));
  const now = clock.now();
  // The creator's rights in the key's workspace today; none once the creator left (docs/decisions.md D4).
  const creatorRole: Role | null =
    row?.creator_org_role === 'org_admin'
      ? 'org_admin'
      : row?.creator_org_role
        ? (row.creator_workspace_role ?? null)
        : null;
  // Unknown, revoked, expired and orphaned keys all get the same answer (docs/decisions.md D4).
  if (
    !row ||
    !hashMatches(row.key_hash, token) ||
    row.revoked_at ||
    row.org_deleted_at ||
    row.workspace_status !== 'active' ||
    (row.expires_at && row.expires_at <= now.toISOString()) ||
    !creatorRole
  ) {
    return unauthenticated('The API key is invalid.');
  }
  // A valid key of a suspended organization is told so (docs/decisions.md D74); it is not used.
  if (row.org_suspended_at)
    return new AppError('suspended', "This API key's organization is suspended by the operator of this server.");
  lastUsed.touch(row.id, now);
  return {
    kind: 'api_key',
    actorType: 'api',
    actorId: row.id,
    userId: row.created_by,
    organizationId: row.organization_id,
    workspaceId: row.workspace_id,
    plan: row.plan as PlanName,
    orgRole: null,
    role: 'api_key',
    creatorRole,
    requestId: request.id,
  };
};
