import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Principal, Role } from '../../http/principal.js';
import { findWorkspaceRole } from '../users/sessions.repo.js';

/**
 * The caller's role in any workspace of its organization (the principal only carries the role in
 * its current workspace). org_admin holds every workspace (D4); an API key acts in its own
 * workspace only; a member holds what workspace_members says, or nothing.
 */
export async function roleIn(db: Kysely<Database>, p: Principal, workspaceId: string): Promise<Role | null> {
  if (p.orgRole === 'org_admin') return 'org_admin';
  if (workspaceId === p.workspaceId) return p.role;
  if (p.kind === 'api_key' || !p.userId) return null;
  return (await findWorkspaceRole(db, workspaceId, p.userId))?.role ?? null;
}

/**
 * Whether the caller may see a workspace at all: org_admins and API keys see every workspace of
 * the organization (a key may create workspaces, so it must be able to read them back); other
 * users only those they hold a role in. Everything else answers 404, as for another tenant.
 */
export async function canSeeWorkspace(db: Kysely<Database>, p: Principal, workspaceId: string): Promise<boolean> {
  if (p.kind === 'api_key' || p.orgRole === 'org_admin') return true;
  return (await roleIn(db, p, workspaceId)) !== null;
}

export const isAdminRole = (role: Role | null) => role === 'org_admin' || role === 'ws_admin';
