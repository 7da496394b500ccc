import type { Insertable } from 'kysely';

export interface ScansTable {
  id: string;
  code_id: string;
  workspace_id: string;
  organization_id: string;
  scanned_at: string;
  country: string | null;
  /** region and city from the IP database (docs/decisions.md D79); the address itself is never stored */
  region: string | null;
  city: string | null;
  device: string | null;
  os: string | null;
  browser: string | null;
  referrer: string | null;
  language: string | null;
  is_bot: number;
  ip_hash: string | null;
  destination: string | null;
}

/** A raw scan with every column, none optional: what the flush writes and the rollups count. */
export type ScanRow = Required<Insertable<ScansTable>>;

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: string;
}
