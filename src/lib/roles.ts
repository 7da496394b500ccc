// The roles of docs/decisions.md D4, written once: permissions, principals, tables and request schemas all use
// these lists, in this order (most rights first).

/** In an organization: an org_admin acts in every workspace, a member only where assigned. */
export const ORG_ROLES = ['org_admin', 'member'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

/** In one workspace, for members who are not org_admin. */
export const WORKSPACE_ROLES = ['ws_admin', 'editor', 'approver', 'viewer'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** The effective role of a caller in its workspace; API keys have their own (docs/decisions.md D4). */
export const ROLES = ['org_admin', ...WORKSPACE_ROLES, 'api_key'] as const;
export type Role = (typeof ROLES)[number];
