/**
 * `self_declared`: claimed without evidence (before evidence existed, or by the API without it);
 * `pending`: submitted with evidence, waiting for an operator; `verified` or `rejected` by an operator
 * (console or CLI). docs/decisions/0075-gs1-prefix-verification.md.
 */
export type Gs1PrefixStatus = 'self_declared' | 'pending' | 'verified' | 'rejected';

/** A GS1 company prefix an organization claims; `verified` is set only by an operator. */
export interface Gs1PrefixesTable {
  id: string;
  organization_id: string;
  /** 4 to 12 digits, compared with the 13 digits of a GTIN-14 after its indicator digit */
  prefix: string;
  status: Gs1PrefixStatus;
  verified_at: string | null;
  created_at: string;
  updated_at: string;
  /** the licence document's key in the blob store, when the evidence is a file */
  evidence_file_key: string | null;
  evidence_file_name: string | null;
  evidence_content_type: string | null;
  evidence_size: number | null;
  /** the GEPIR record found: its address and/or what it says */
  evidence_url: string | null;
  evidence_text: string | null;
  /** when the evidence was (last) submitted: the queue's order */
  submitted_at: string | null;
  rejection_reason: string | null;
  /** when an operator last verified or rejected it */
  decided_at: string | null;
}
