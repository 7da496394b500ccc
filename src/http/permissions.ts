import { ROLES, type Role } from '../lib/roles.js';

const ALL = ROLES;
const WRITERS: Role[] = ['org_admin', 'ws_admin', 'editor', 'api_key'];
const ADMINS: Role[] = ['org_admin', 'ws_admin'];
// A person acting on their own data: any session, never an API key.
const PEOPLE: Role[] = ROLES.filter((r) => r !== 'api_key');

/**
 * The one table deciding every operation: permissions are data, so one test can walk them all and
 * no handler hides a check of its own. A route names its action
 * with `config: { permission }`; the test suite walks this whole table. org_admin is in every row
 * (docs/decisions.md D4); api_key is an editor plus workspace creation, organization PATCH and PATCH of its own
 * workspace, never an admin, and never more than its creator may do (see `allows`).
 */
export const PERMISSIONS = {
  'organizations.read': ALL,
  'organizations.create': ALL,
  'organizations.update': ['org_admin', 'api_key'],
  'organizations.delete': ['org_admin'],
  'organizations.usage': ALL,
  'members.read': ADMINS,
  'members.manage': ['org_admin'],
  'workspaces.read': ALL,
  'workspaces.create': ['org_admin', 'api_key'],
  'workspaces.update': ['org_admin', 'ws_admin', 'api_key'],
  'workspaces.archive': ADMINS,
  'api_keys.manage': ADMINS,
  'audit.read': ALL,
  'codes.read': ALL,
  'codes.write': WRITERS,
  'codes.delete': WRITERS,
  'codes.approve': ['org_admin', 'ws_admin', 'approver'],
  'codes.export': ALL,
  'comments.read': ALL,
  'comments.write': ['org_admin', 'ws_admin', 'editor', 'approver', 'api_key'],
  'comments.moderate': ADMINS,
  'scans.read': ALL,
  'dpp.read': ALL,
  'dpp.write': WRITERS,
  'dpp.publish': WRITERS,
  'dpp.grant': WRITERS,
  'gs1_prefixes.read': ALL,
  'gs1_prefixes.manage': ['org_admin'],
  'dpp.credentials.manage': ['org_admin'],
  'webhooks.manage': ['org_admin', 'ws_admin', 'api_key'],
  'billing.manage': ['org_admin'],
  'sso.manage': ['org_admin'],
  'privacy.self': PEOPLE,
  'notifications.self': PEOPLE,
  'announcements.read': ALL,
  'announcements.dismiss': ALL,
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/**
 * The one check auth runs: the caller's row, and for an API key also its creator's current row,
 * so a key never exceeds the user who made it (a ws_admin's key cannot PATCH the organization).
 */
export function allows(p: { role: Role; creatorRole?: Role | null }, permission: Permission): boolean {
  if (!can(p.role, permission)) return false;
  return p.role !== 'api_key' || (!!p.creatorRole && p.creatorRole !== 'api_key' && can(p.creatorRole, permission));
}
