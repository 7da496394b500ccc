import type { Category, PublicationStatus } from './dpp.contract.js';

/** A model passport: the public data every battery of one GTIN shares (the GTIN level of the resolver). */
export interface DppModelsTable {
  id: string;
  organization_id: string;
  workspace_id: string;
  /** always 14 digits */
  gtin: string;
  category: Category;
  publication_status: PublicationStatus;
  version: number;
  /** JSON of PassportData, public attributes only */
  data: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  archived_at: string | null;
}

/** A standing access credential: one party's restricted view of an organization's passports. */
export interface DppCredentialsTable {
  id: string;
  organization_id: string;
  /** the workspace of the org_admin who issued it (its audit entries live there) */
  workspace_id: string;
  level: 'legitimate_interest' | 'authority';
  /** who holds it: a recycler, a repairer, an authority */
  holder: string;
  /** JSON array of GTIN-14 prefixes it is limited to, or null for every passport of the organization */
  gtin_prefixes: string | null;
  /** SHA-256 hex of the token; the token itself is shown once and never stored */
  token_hash: string;
  note: string | null;
  expires_at: string;
  created_by: string | null;
  created_at: string;
  revoked_at: string | null;
}
