import type { OrgRole } from '../../lib/roles.js';

export interface OrganizationsTable {
  id: string;
  name: string;
  slug: string;
  billing_email: string | null;
  plan: string;
  settings: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  /** set while the server's operator suspends the organization (docs/decisions.md D74) */
  suspended_at: string | null;
  suspension_reason: string | null;
  /** what its codes answer while suspended: 'keep' (redirect on) or 'neutral_page' */
  suspension_redirects: 'keep' | 'neutral_page' | null;
}

export interface MembershipsTable {
  organization_id: string;
  user_id: string;
  role: OrgRole;
  created_at: string;
}
