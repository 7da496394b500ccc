export interface AuditLogsTable {
  id: string;
  organization_id: string;
  workspace_id: string;
  actor_type: 'api' | 'user' | 'system';
  actor_id: string | null;
  action: string;
  resource_type: string;
  resource_id: string;
  changes: string;
  request_id: string | null;
  created_at: string;
}
