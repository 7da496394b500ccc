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

/**
 * A login-throttling counter: an (account + IP) pair's consecutive attempts and when the next may
 * come, or one account's or IP's attempts in a fixed window (key says which; login-throttle.ts).
 */
export interface LoginThrottleTable {
  key: string;
  attempts: number;
  next_at: string;
  expires_at: string;
}
