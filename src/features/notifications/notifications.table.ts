/** One notice to one person (docs/decisions.md D64). `data` is JSON: see NotificationData. */
export interface NotificationsTable {
  id: string;
  user_id: string;
  organization_id: string;
  workspace_id: string | null;
  kind: string;
  data: string;
  created_at: string;
  read_at: string | null;
}

/** A person's choice for one kind; no row means both channels on. */
export interface NotificationPreferencesTable {
  user_id: string;
  kind: string;
  in_app: number;
  email: number;
  updated_at: string;
}
