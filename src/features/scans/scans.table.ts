export interface ScansTable {
  id: string;
  code_id: string;
  workspace_id: string;
  organization_id: string;
  scanned_at: string;
  country: string | null;
  device: string | null;
  os: string | null;
  browser: string | null;
  referrer: string | null;
  language: string | null;
  is_bot: number;
  ip_hash: string | null;
  destination: string | null;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: string;
}
