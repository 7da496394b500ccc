import type { PlanName } from '../config.js';
import type { OrgRole } from '../features/organizations/organizations.table.js';

/** The effective role of a caller in its workspace; API keys have their own column (D4). */
export type Role = 'org_admin' | 'ws_admin' | 'editor' | 'approver' | 'viewer' | 'api_key';
export const ROLES: Role[] = ['org_admin', 'ws_admin', 'editor', 'approver', 'viewer', 'api_key'];

/** Who is calling, passed to services instead of loose actor fields. */
export interface Principal {
  kind: 'api_key' | 'session';
  /** audit actor_type (D6) */
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
   * the creator is org_admin). A key's rights are its own row intersected with this one (D4).
   */
  creatorRole?: Role | null;
  requestId: string;
}
