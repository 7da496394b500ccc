/** A folder of a workspace's codes, or a campaign: a folder with dates and UTM defaults (docs/decisions.md D78). */
export interface FoldersTable {
  id: string;
  workspace_id: string;
  /** null: top level; else a top-level folder of the same workspace (folders nest one level) */
  parent_id: string | null;
  name: string;
  kind: 'folder' | 'campaign';
  /** campaigns: the first and last day (YYYY-MM-DD), either may be null */
  starts_on: string | null;
  ends_on: string | null;
  /** JSON of the UTM parameters a new code in it inherits when it sets none */
  utm: string | null;
  created_at: string;
  updated_at: string;
}
