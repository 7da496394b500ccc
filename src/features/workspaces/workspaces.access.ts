import type { Principal } from '../../http/principal.js';
import type { DB } from '../../db/database.js';
import type { Role } from '../../lib/roles.js';
import { notFound } from '../../http/errors.js';
import { findWorkspaceRole } from './workspaces.repo.js';

/** A workspace's one 404: another tenant's id, one the caller may not see and an unknown id read alike. */
export const workspaceNotFound = () => notFound('Workspace');

/**
 * An organization's one 404: a deleted one, another tenant's and an unknown id all read alike.
 * Defined here, below the organizations feature (which creates an organization's first workspace),
 * because creating a workspace also checks its organization is still there.
 */
export const organizationNotFound = () => notFound('Organization');

/**
 * The caller's role in any workspace of its organization (the principal only carries the role in
 * its current workspace). org_admin holds every workspace (docs/decisions.md D4); an API key acts in its own
 * workspace only; a member holds what workspace_members says, or nothing.
 */
export async function roleIn(db: DB, p: Principal, workspaceId: string): Promise<Role | null> {
  if (p.orgRole === 'org_admin') return 'org_admin';
  if (workspaceId === p.workspaceId) return p.role;
  if (p.kind === 'api_key' || !p.userId) return null;
  return (await findWorkspaceRole(db, workspaceId, p.userId))?.role ?? null;
}

/**
 * Whether the caller may see a workspace at all: org_admins see every workspace of the
 * organization; an API key its own, or every one when its creator is org_admin (such a key may
 * create workspaces, so it must read them back); other users only those they hold a role in.
 * Everything else answers 404, as for another tenant.
 */
export async function canSeeWorkspace(db: DB, p: Principal, workspaceId: string): Promise<boolean> {
  if (p.orgRole === 'org_admin') return true;
  if (p.kind === 'api_key') return workspaceId === p.workspaceId || p.creatorRole === 'org_admin';
  return (await roleIn(db, p, workspaceId)) !== null;
}

/**
 * Whether the caller may change a workspace's settings: an admin of it, or an API key in its own
 * workspace while the key's creator is an admin there (docs/decisions.md D4: a key may PATCH its own workspace).
 */
export async function mayConfigureWorkspace(db: DB, p: Principal, workspaceId: string): Promise<boolean> {
  if (p.kind === 'api_key') return workspaceId === p.workspaceId && isAdminRole(p.creatorRole ?? null);
  return isAdminRole(await roleIn(db, p, workspaceId));
}

export const isAdminRole = (role: Role | null) => role === 'org_admin' || role === 'ws_admin';
