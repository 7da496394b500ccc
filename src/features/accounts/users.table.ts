export interface UsersTable {
  id: string;
  email: string;
  name: string | null;
  password_hash: string;
  created_at: string;
  updated_at: string;
  /** null until the address is proved by its e-mailed link (or the CLI made the user) */
  email_verified_at: string | null;
  /** 'en' or 'de': the language of the user's e-mail */
  locale: string;
  /** the TOTP secret sealed with SECRETS_KEY (lib/sealed.ts); set while enrolling and once enabled */
  totp_secret_sealed: string | null;
  totp_enabled_at: string | null;
  /** set when the user was erased (docs/privacy.md): e-mail, name and password are gone */
  erased_at: string | null;
  /** set while the server's operator disables the account (docs/decisions.md D74): no sign-in */
  disabled_at: string | null;
  disabled_reason: string | null;
}

export type UserTokenPurpose = 'verify_email' | 'password_reset' | 'email_change';

/** A single-use e-mailed token: only its SHA-256 is kept. `email` is the address it was sent to. */
export interface UserTokensTable {
  id: string;
  user_id: string;
  purpose: UserTokenPurpose;
  token_hash: string;
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Two-factor recovery codes, hashed; each works once. */
export interface RecoveryCodesTable {
  user_id: string;
  code_hash: string;
  used_at: string | null;
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
