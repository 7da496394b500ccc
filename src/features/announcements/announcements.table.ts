export type AnnouncementSeverity = 'info' | 'warning' | 'breaking';

/** An operator's notice to the users of the service (docs/decisions.md D22). */
export interface AnnouncementsTable {
  id: string;
  /** null: every organization; else only that organization's users and keys see it */
  organization_id: string | null;
  severity: AnnouncementSeverity;
  title: string;
  body: string;
  /** the German text; both or neither */
  title_de: string | null;
  body_de: string | null;
  link: string | null;
  starts_at: string;
  /** the sunset: shown until then; null until withdrawn */
  ends_at: string | null;
  created_at: string;
  /** null: a draft the operator is still writing, seen by nobody (docs/decisions.md D76) */
  published_at: string | null;
  /** 1: the recent API users are e-mailed when it starts (the CLI's --email) */
  email_api_users: number;
  /** the last edit of a draft or scheduled one; null: never edited */
  updated_at: string | null;
  withdrawn_at: string | null;
}

/** Who closed which notice: `actor_id` is the session's usr_… or the API key's key_…. */
export interface AnnouncementDismissalsTable {
  announcement_id: string;
  actor_id: string;
  dismissed_at: string;
}
