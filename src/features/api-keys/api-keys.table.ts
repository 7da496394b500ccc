export interface ApiKeysTable {
  id: string;
  organization_id: string;
  workspace_id: string;
  name: string;
  /** first characters of the secret, shown in listings so a user can tell keys apart */
  hint: string;
  key_hash: string;
  created_by: string | null;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
}
