import type { WorkspaceRole } from '../../lib/roles.js';

/** A role an identity provider's claim can map to (docs/decisions.md D80). */
export type SsoRole = 'org_admin' | WorkspaceRole;

/** One organization's OpenID Connect provider. */
export interface SsoConnectionsTable {
  organization_id: string;
  issuer: string;
  client_id: string;
  client_secret_sealed: string;
  role_claim: string | null;
  /** JSON of SsoRoleMapping[] */
  role_mappings: string;
  default_role: SsoRole | null;
  required: number;
  created_at: string;
  updated_at: string;
}

/** A sign-in sent to the provider and not yet back (ten minutes, one use). */
export interface SsoLoginsTable {
  state_hash: string;
  organization_id: string;
  code_verifier_sealed: string;
  nonce: string;
  created_at: string;
  expires_at: string;
}

export interface SsoIdentitiesTable {
  organization_id: string;
  issuer: string;
  subject: string;
  user_id: string;
  created_at: string;
}
