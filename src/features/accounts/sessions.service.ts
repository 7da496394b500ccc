import { newId } from '../../lib/ids.js';
import type { DB } from '../../db/database.js';
import { randomBase62, sha256Hex } from '../../lib/tokens.js';
import type { OrgRole, WorkspaceRole } from '../../lib/roles.js';
import { findSessionByHash, insertSession } from './sessions.repo.js';
import { findFirstMemberWorkspace, findWorkspaceForSession, findWorkspaceRole } from '../workspaces/index.js';
import { findMembership } from '../organizations/index.js';

/** Dashboard sessions last two weeks; a new login makes a new one. */
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** The token goes to the cookie only; the database keeps its SHA-256 (a leaked table is useless). */
export async function startSession(db: DB, userId: string, at: Date) {
  const token = randomBase62(43);
  const row = {
    id: newId('ses'),
    user_id: userId,
    token_hash: sha256Hex(token),
    csrf_token: randomBase62(32),
    created_at: at.toISOString(),
    expires_at: new Date(at.getTime() + SESSION_TTL_MS).toISOString(),
  };
  await insertSession(db, row);
  return { token, csrfToken: row.csrf_token, expiresAt: row.expires_at };
}

export function sessionCookieOptions(baseUrl: string, expiresAt: string) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    // Secure only when the service is served over https, so a plain-http local setup still works.
    secure: baseUrl.startsWith('https://'),
    expires: new Date(expiresAt),
  };
}

/** The session behind a cookie token while it lives; undefined when unknown or expired. */
export async function liveSession(db: DB, token: string, now: Date) {
  const session = await findSessionByHash(db, sha256Hex(token));
  return session && session.expires_at > now.toISOString() ? session : undefined;
}

/** Where a session acts; `workspace` is null when the user may act in none of those asked for. */
export interface SessionScope {
  organizationId: string;
  orgRole: OrgRole;
  plan: string;
  /** the operator suspended the organization (docs/decisions.md D74): its routes answer 403 `suspended` */
  suspended: boolean;
  workspace: { id: string; role: 'org_admin' | WorkspaceRole } | null;
}

const headerValue = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * The one reading of X-Organization-Id / X-Workspace-Id for a session (docs/decisions.md D4, docs/accounts.md):
 * the named organization, else the oldest membership; the named workspace, else the default one,
 * else (no role there) the oldest workspace the user holds a role in. A named workspace the user
 * may not act in is never replaced by a fallback. Undefined: the user has no such organization.
 * The auth hook answers 404 for what is missing; /auth/me reports it as null.
 */
export async function sessionScope(
  db: DB,
  userId: string,
  orgHeader: unknown,
  wsHeader: unknown,
): Promise<SessionScope | undefined> {
  const membership = await findMembership(db, userId, headerValue(orgHeader));
  if (!membership) return undefined;
  const scope = {
    organizationId: membership.organization_id,
    orgRole: membership.role,
    plan: membership.plan,
    suspended: membership.suspended_at !== null,
  };
  const admin = membership.role === 'org_admin';
  const named = headerValue(wsHeader);
  const workspace = await findWorkspaceForSession(db, membership.organization_id, named);
  const member = workspace && !admin ? await findWorkspaceRole(db, workspace.id, userId) : undefined;
  if (workspace && (admin || member))
    return { ...scope, workspace: { id: workspace.id, role: admin ? 'org_admin' : member!.role } };
  if (named) return { ...scope, workspace: null };
  const first = await findFirstMemberWorkspace(db, membership.organization_id, userId);
  return { ...scope, workspace: first ? { id: first.id, role: first.role } : null };
}
