export type Gs1PrefixStatus = 'self_declared' | 'verified';

/** A GS1 company prefix an organization claims; `verified` is set only by the operator (CLI). */
export interface Gs1PrefixesTable {
  id: string;
  organization_id: string;
  /** 4 to 12 digits, compared with the 13 digits of a GTIN-14 after its indicator digit */
  prefix: string;
  status: Gs1PrefixStatus;
  verified_at: string | null;
  created_at: string;
  updated_at: string;
}
