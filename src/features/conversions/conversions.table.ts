/** A reported conversion, attributed to the code and scan its click id names (docs/decisions.md D81). */
export interface ConversionsTable {
  id: string;
  organization_id: string;
  workspace_id: string;
  code_id: string;
  scan_id: string;
  /** the scan's time, read from the click id: known before the scan row is written */
  scanned_at: string;
  /** 'lead', 'sale' or a custom name */
  event: string;
  /** minor units of `currency` (cents) */
  amount: number | null;
  currency: string | null;
  event_id: string | null;
  occurred_at: string;
  created_at: string;
}

/** A workspace's Google Analytics 4 Measurement Protocol settings; the secret sealed at rest. */
export interface Ga4SettingsTable {
  workspace_id: string;
  measurement_id: string;
  api_secret: string;
  created_at: string;
  updated_at: string;
}
