export interface UsersTable {
  id: string;
  email: string;
  name: string | null;
  password_hash: string;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  csrf_token: string;
  created_at: string;
  expires_at: string;
}

/** One failed login; counted per e-mail and per IP over the throttling window. */
export interface LoginFailuresTable {
  id: string;
  email: string;
  ip: string;
  created_at: string;
}
