import type { ExportSlotsTable } from '../features/code-images/export-slots.table.js';
import type {
  UsersTable,
  SessionsTable,
  LoginThrottleTable,
  UserTokensTable,
  RecoveryCodesTable,
} from '../features/accounts/users.table.js';
import type { AnnouncementDismissalsTable, AnnouncementsTable } from '../features/announcements/announcements.table.js';
import type { MailMessagesTable } from '../platform/mail/mail.table.js';
import type { OrganizationsTable, MembershipsTable } from '../features/organizations/organizations.table.js';
import type { WorkspacesTable, WorkspaceMembersTable } from '../features/workspaces/workspaces.table.js';
import type { ApiKeysTable } from '../features/api-keys/api-keys.table.js';
import type { AuditLogsTable } from '../features/audit/audit.table.js';
import type { IdempotencyKeysTable } from './idempotency.table.js';
import type { CodeAliasesTable, CodesTable, CodeTagsTable, ShortCodeKeysTable } from '../features/codes/codes.table.js';
import type { FoldersTable } from '../features/codes/folders.table.js';
import type { CodeCommentsTable } from '../features/comments/comments.table.js';
import type { ScansTable, ServerSecretsTable } from '../features/scans/scans.table.js';
import type {
  ScanRollupsTable,
  ScanVisitorsTable,
  WorkspaceRollupsTable,
} from '../features/scans/rollups/rollups.table.js';
import type { UsageCountersTable, UsageThresholdsTable } from '../features/usage/usage.table.js';
import type {
  InvitationMailsTable,
  InvitationReplacedLinksTable,
  InvitationsTable,
} from '../features/invitations/invitations.table.js';
import type { Gs1PrefixesTable } from '../features/gs1-prefixes/gs1-prefixes.table.js';
import type { JobsTable } from '../platform/jobs/jobs.table.js';
import type { BillingAccountsTable, BillingEventsTable } from '../features/billing/billing.table.js';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from '../features/webhooks/webhooks.table.js';
import type { PrivacyExportsTable } from '../features/privacy/exports.table.js';
import type {
  NotificationPreferencesTable,
  NotificationsTable,
} from '../features/notifications/notifications.table.js';
import type {
  DppAccessGrantsTable,
  DppPassportsTable,
  DppReadingsTable,
  DppVersionsTable,
} from '../features/dpp/dpp.table.js';
import type { DppCredentialsTable, DppModelsTable } from '../features/dpp/models.table.js';
import type { FilesTable } from '../features/files/files.table.js';
import type { BrandKitsTable, LogosTable } from '../features/brand/brand.table.js';
import type { OperatorAuditTable, OperatorsTable } from '../features/operator/operator.table.js';
import type { InstanceSettingsTable } from '../features/limits/limits.table.js';
import type { ConversionsTable, Ga4SettingsTable } from '../features/conversions/conversions.table.js';
import type { SsoConnectionsTable, SsoIdentitiesTable, SsoLoginsTable } from '../features/sso/sso.table.js';

// Each feature owns its table types; this interface only composes them for Kysely.
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  export_slots: ExportSlotsTable;
  organizations: OrganizationsTable;
  memberships: MembershipsTable;
  workspaces: WorkspacesTable;
  workspace_members: WorkspaceMembersTable;
  api_keys: ApiKeysTable;
  audit_logs: AuditLogsTable;
  idempotency_keys: IdempotencyKeysTable;
  codes: CodesTable;
  code_tags: CodeTagsTable;
  folders: FoldersTable;
  conversions: ConversionsTable;
  ga4_settings: Ga4SettingsTable;
  code_aliases: CodeAliasesTable;
  short_code_keys: ShortCodeKeysTable;
  code_comments: CodeCommentsTable;
  scans: ScansTable;
  usage_counters: UsageCountersTable;
  usage_thresholds: UsageThresholdsTable;
  scan_rollups: ScanRollupsTable;
  workspace_rollups: WorkspaceRollupsTable;
  scan_visitors: ScanVisitorsTable;
  server_secrets: ServerSecretsTable;
  dpp_passports: DppPassportsTable;
  dpp_versions: DppVersionsTable;
  dpp_access_grants: DppAccessGrantsTable;
  dpp_models: DppModelsTable;
  dpp_credentials: DppCredentialsTable;
  dpp_readings: DppReadingsTable;
  gs1_prefixes: Gs1PrefixesTable;
  invitations: InvitationsTable;
  invitation_mails: InvitationMailsTable;
  invitation_replaced_links: InvitationReplacedLinksTable;
  jobs: JobsTable;
  user_tokens: UserTokensTable;
  recovery_codes: RecoveryCodesTable;
  mail_messages: MailMessagesTable;
  billing_accounts: BillingAccountsTable;
  billing_events: BillingEventsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  logos: LogosTable;
  brand_kits: BrandKitsTable;
  privacy_exports: PrivacyExportsTable;
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  announcements: AnnouncementsTable;
  announcement_dismissals: AnnouncementDismissalsTable;
  files: FilesTable;
  operators: OperatorsTable;
  operator_audit: OperatorAuditTable;
  instance_settings: InstanceSettingsTable;
  sso_connections: SsoConnectionsTable;
  sso_logins: SsoLoginsTable;
  sso_identities: SsoIdentitiesTable;
}
