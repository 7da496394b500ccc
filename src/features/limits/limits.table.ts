/**
 * A setting the operator changed at run time (docs/decisions.md D76), overriding the environment's
 * default on every instance without a restart. One row per key; `limits` holds the abuse limits.
 */
export interface InstanceSettingsTable {
  key: string;
  /** JSON of what the operator set; a field left out keeps the environment's default */
  value: string;
  /** the operator's usr_…; null for the CLI */
  updated_by: string | null;
  updated_at: string;
}
