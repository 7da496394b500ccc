import type { Generated } from 'kysely';
import type { WorkspaceRole } from '../../lib/roles.js';

export interface WorkspacesTable {
  id: string;
  organization_id: string;
  name: string;
  slug: string;
  description: string | null;
  default_locale: string;
  approval_required: number;
  primary_color: string | null;
  custom_domain: string | null;
  /** the TXT-record token proving control of custom_domain; new with each domain */
  custom_domain_token: string | null;
  custom_domain_verified_at: string | null;
  settings: string;
  timezone: Generated<string>;
  scan_retention_days: number | null;
  is_default: number;
  status: 'active' | 'archived';
  created_at: string;
  updated_at: string;
  archived_at: string | null;
}

export interface WorkspaceMembersTable {
  workspace_id: string;
  user_id: string;
  role: WorkspaceRole;
  created_at: string;
}
