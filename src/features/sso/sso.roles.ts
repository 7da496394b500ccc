import { WORKSPACE_ROLES, type WorkspaceRole } from '../../lib/roles.js';
import type { SsoRole } from './sso.table.js';
import type { SsoRoleMapping } from './sso.schemas.js';

/** What a first sign-in becomes: org_admin, or a member with these workspace roles. */
export type MappedRoles = { org: 'org_admin' } | { org: 'member'; workspaces: Map<string, WorkspaceRole> };

/** A claim's values by a dotted name (`realm_access.roles`): strings, or the strings of an array. */
export function claimValues(claims: Record<string, unknown>, name: string | null): string[] {
  if (!name) return [];
  let at: unknown = claims;
  for (const part of name.split('.')) {
    if (at === null || typeof at !== 'object' || Array.isArray(at)) return [];
    at = (at as Record<string, unknown>)[part];
  }
  const list = Array.isArray(at) ? at : [at];
  return list.filter((v): v is string => typeof v === 'string');
}

const rank = (r: WorkspaceRole) => WORKSPACE_ROLES.indexOf(r);

/**
 * Every mapping whose value the claim holds counts, the most rights winning (docs/decisions.md D80):
 * org_admin over any workspace role; per workspace the higher role. No match: `defaultRole` in the
 * default workspace, or null (the sign-in is refused) when that is null too.
 */
export function mapRoles(
  values: string[],
  mappings: SsoRoleMapping[],
  defaultRole: SsoRole | null,
  defaultWorkspaceId: string,
): MappedRoles | null {
  const matched = mappings.filter((m) => values.includes(m.value));
  const chosen = matched.length ? matched : defaultRole ? [{ value: '', role: defaultRole }] : [];
  if (chosen.length === 0) return null;
  if (chosen.some((m) => m.role === 'org_admin')) return { org: 'org_admin' };
  const workspaces = new Map<string, WorkspaceRole>();
  for (const m of chosen) {
    const ws = ('workspace_id' in m && m.workspace_id) || defaultWorkspaceId;
    const role = m.role as WorkspaceRole;
    const held = workspaces.get(ws);
    if (!held || rank(role) < rank(held)) workspaces.set(ws, role);
  }
  return { org: 'member', workspaces };
}
