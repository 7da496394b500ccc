import type { AccessLevel, BatteryStatus, Category, PublicationStatus } from './dpp.contract.js';

export interface DppPassportsTable {
  id: string;
  organization_id: string;
  workspace_id: string;
  /** always 14 digits */
  gtin: string;
  serial: string;
  lot: string | null;
  category: Category;
  battery_status: BatteryStatus;
  publication_status: PublicationStatus;
  predecessor_id: string | null;
  version: number;
  /** JSON of PassportData */
  data: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  archived_at: string | null;
}

export type VersionAction = 'created' | 'updated' | 'published' | 'archived';

/** The whole state after each change (version 1 is the creation). */
export interface DppVersionsTable {
  passport_id: string;
  version: number;
  action: VersionAction;
  battery_status: BatteryStatus;
  publication_status: PublicationStatus;
  predecessor_id: string | null;
  data: string;
  actor_type: 'api' | 'user' | 'system';
  actor_id: string | null;
  created_at: string;
}

export type GrantLevel = Exclude<AccessLevel, 'public'>;

export interface DppAccessGrantsTable {
  id: string;
  passport_id: string;
  organization_id: string;
  workspace_id: string;
  level: GrantLevel;
  /** SHA-256 hex of the token; the token itself is shown once and never stored */
  token_hash: string;
  note: string | null;
  expires_at: string;
  created_by: string | null;
  created_at: string;
  revoked_at: string | null;
}

/** One measurement of a dynamic attribute; append-only (never updated, never deleted). */
export interface DppReadingsTable {
  id: string;
  passport_id: string;
  workspace_id: string;
  /** a member of performance.dynamic */
  attribute: string;
  /** JSON of the value (a number, or the text of a negative event) */
  value: string;
  measured_at: string;
  actor_type: 'api' | 'user' | 'system';
  actor_id: string | null;
  recorded_at: string;
}
