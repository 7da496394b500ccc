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
}

export interface MembershipsTable {
  organization_id: string;
  user_id: string;
  role: OrgRole;
  created_at: string;
}
