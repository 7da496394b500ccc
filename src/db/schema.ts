import type { ExportSlotsTable } from '../features/code-images/export-slots.table.js';
import type { UsersTable, SessionsTable, LoginThrottleTable } from '../features/users/users.table.js';
import type { OrganizationsTable, MembershipsTable } from '../features/organizations/organizations.table.js';
import type { WorkspacesTable, WorkspaceMembersTable } from '../features/workspaces/workspaces.table.js';
import type { ApiKeysTable } from '../features/api-keys/api-keys.table.js';
import type { AuditLogsTable } from '../features/audit/audit.table.js';
import type { IdempotencyKeysTable } from './idempotency.table.js';
import type { CodesTable, CodeTagsTable } from '../features/codes/codes.table.js';
import type { CodeCommentsTable } from '../features/comments/comments.table.js';
import type { ScansTable, ServerSecretsTable } from '../features/scans/scans.table.js';
import type {
  ScanRollupsTable,
  ScanVisitorsTable,
  WorkspaceRollupsTable,
} from '../features/analytics/rollups.table.js';
import type { UsageCountersTable } from '../features/usage/usage.table.js';
import type { InvitationsTable } from '../features/invitations/invitations.table.js';
import type { Gs1PrefixesTable } from '../features/gs1-prefixes/gs1-prefixes.table.js';
import type { DppAccessGrantsTable, DppPassportsTable, DppVersionsTable } from '../features/dpp/dpp.table.js';

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
  code_comments: CodeCommentsTable;
  scans: ScansTable;
  usage_counters: UsageCountersTable;
  scan_rollups: ScanRollupsTable;
  workspace_rollups: WorkspaceRollupsTable;
  scan_visitors: ScanVisitorsTable;
  server_secrets: ServerSecretsTable;
  dpp_passports: DppPassportsTable;
  dpp_versions: DppVersionsTable;
  dpp_access_grants: DppAccessGrantsTable;
  gs1_prefixes: Gs1PrefixesTable;
  invitations: InvitationsTable;
}
