/** A data-protection export (docs/privacy.md); the ZIP lives in PRIVACY_EXPORT_DIR as `<id>.zip`. */
export interface PrivacyExportsTable {
  id: string;
  organization_id: string;
  /** who asked; only they can read or download it */
  user_id: string;
  scope: 'user' | 'organization';
  status: 'pending' | 'running' | 'ready' | 'failed' | 'expired';
  size_bytes: number | null;
  error: string | null;
  created_at: string;
  completed_at: string | null;
  expires_at: string;
}
