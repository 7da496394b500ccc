import type { Generated } from 'kysely';
import type { CodeType } from './page-types.js';

/** Stored states; `expired` is derived on read from expires_at and max_scans. */
export type StoredStatus = 'active' | 'paused' | 'pending_approval' | 'rejected' | 'deleted';
export type CodeStatus = StoredStatus | 'expired';

export interface CodesTable {
  id: string;
  organization_id: string;
  workspace_id: string;
  type: CodeType;
  dynamic: number;
  url: string | null;
  /** JSON of the typed payload for non-url types */
  content: string | null;
  short_code: string | null;
  title: string | null;
  /** JSON array of strings */
  tags: string;
  /** fld_…: the folder (or campaign) it sits in; null: none */
  folder_id: string | null;
  status: StoredStatus;
  /** JSON array of {url, weight} or null */
  destinations: string | null;
  expires_at: string | null;
  fallback_url: string | null;
  max_scans: number | null;
  scan_count: Generated<number>;
  /** bot scans ever recorded; with scan_count the raw list's total before retention */
  bot_scan_count: Generated<number>;
  /** non-bot and bot raw rows deleted by retention (scan_count itself never goes down) */
  purged_scan_count: Generated<number>;
  purged_bot_scan_count: Generated<number>;
  /** JSON object */
  style: string;
  rejection_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  /** JSON array of routing rules (docs/codes.md, "Routing rules") or null */
  rules: string | null;
  /** JSON object of UTM parameters appended to the destination, or null */
  utm: string | null;
  /** scrypt hash of the visitor password, or null when the code is open */
  password_hash: string | null;
  /** 1: the redirect appends a click id (`qrs_cid`) for conversions (docs/decisions.md D81) */
  append_click_id: Generated<number>;
}

/** A short code a code answered to before its short_code changed; it redirects until deleted. */
export interface CodeAliasesTable {
  id: string;
  short_code: string;
  code_id: string;
  workspace_id: string;
  created_at: string;
}

/**
 * The lower-case key of every name a code answers to, claimed by that code (docs/decisions.md D59):
 * one primary key over codes and aliases, so a name is taken ignoring case.
 */
export interface ShortCodeKeysTable {
  key: string;
  code_id: string;
}

export interface CodeTagsTable {
  code_id: string;
  workspace_id: string;
  tag: string;
}
