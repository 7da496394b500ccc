/**
 * The columns an organization export carries, named one by one (docs/decisions.md D58): a column
 * added to one of these tables later stays out of exports until someone adds it here, so a new
 * secret or hash cannot leak by accident. Left out on purpose: `codes.password_hash` (a code's
 * visitor password, offline-guessable; `password_protected` says there is one) and
 * `workspaces.custom_domain_token` (internal; the audit log shows the TXT value it publishes).
 */
export const ORGANIZATION_COLUMNS = [
  'id',
  'name',
  'slug',
  'billing_email',
  'plan',
  'settings',
  'created_at',
  'updated_at',
  'deleted_at',
] as const;

export const WORKSPACE_COLUMNS = [
  'id',
  'organization_id',
  'name',
  'slug',
  'description',
  'default_locale',
  'approval_required',
  'primary_color',
  'custom_domain',
  'custom_domain_verified_at',
  'settings',
  'timezone',
  'scan_retention_days',
  'is_default',
  'status',
  'created_at',
  'updated_at',
  'archived_at',
] as const;

export const CODE_COLUMNS = [
  'id',
  'organization_id',
  'workspace_id',
  'type',
  'dynamic',
  'url',
  'content',
  'short_code',
  'title',
  'tags',
  'status',
  'destinations',
  'expires_at',
  'fallback_url',
  'max_scans',
  'scan_count',
  'bot_scan_count',
  'purged_scan_count',
  'purged_bot_scan_count',
  'style',
  'rules',
  'utm',
  'rejection_reason',
  'reviewed_by',
  'reviewed_at',
  'created_by',
  'created_at',
  'updated_at',
  'deleted_at',
] as const;

export const PASSPORT_COLUMNS = [
  'id',
  'organization_id',
  'workspace_id',
  'gtin',
  'serial',
  'lot',
  'category',
  'battery_status',
  'publication_status',
  'predecessor_id',
  'version',
  'data',
  'created_by',
  'created_at',
  'updated_at',
  'published_at',
  'archived_at',
] as const;
