// The session and the account: signing in, up and out, the e-mailed links, the password, the
// e-mail address and two-factor sign-in. None of these writes makes a query stale by itself: the
// screens refresh the session (useSession().refresh) or end it (signedOut) as they did.
import { api, ok, setCsrfToken } from '../client';

/** Signs in; the answer's CSRF token is the session's from here on. */
async function login(input: { email: string; password: string; code?: string }) {
  const r = await ok(api.POST('/auth/login', { body: input }));
  setCsrfToken(r.csrf_token);
  return r;
}

/**
 * Creates the account and its organization, signed in; with an invitation link's token, no
 * organization: the account joins the inviting one. The answer's CSRF token is the session's.
 */
async function signup(input: {
  email: string;
  password: string;
  org_name?: string;
  name?: string;
  invitation_token?: string;
  locale?: 'en' | 'de';
}) {
  const r = await ok(api.POST('/auth/signup', { body: input }));
  setCsrfToken(r.csrf_token);
  return r;
}

const writes = {
  login,
  signup,
  /** Ends the session; what the server answers does not matter, the screen signs out either way. */
  logout: async () => {
    await api.POST('/auth/logout');
  },
  /** Spends the verification link's token. */
  verifyEmail: (token: string) => ok(api.POST('/auth/verify-email', { body: { token } })),
  /** Spends the new address's link: the account moves to it. */
  confirmEmailChange: (token: string) => ok(api.POST('/auth/email-change/confirm', { body: { token } })),
  /** Mails a new verification link; the answer names the address it went to. */
  resendVerification: () => ok(api.POST('/auth/verify-email/resend')),
  /** Mails a link to the new address; the answer names it. */
  changeEmail: (input: { new_email: string; password: string }) => ok(api.POST('/auth/email-change', { body: input })),
  /** The user's own name or language (the language of their mail). */
  updateMe: (input: { name?: string | null; locale?: 'en' | 'de' }) => ok(api.PATCH('/auth/me', { body: input })),
  changePassword: (input: { current_password: string; new_password: string }) =>
    ok(api.POST('/auth/password', { body: input })),
  /** Mails a reset link (the API answers the same for every address). */
  requestPasswordReset: (email: string) => ok(api.POST('/auth/password-reset', { body: { email } })),
  /** Spends the reset link's token with the new password; every session of the account ends. */
  resetPassword: (token: string, password: string) =>
    ok(api.POST('/auth/password-reset/confirm', { body: { token, password } })),
  /** Starts two-factor enrolment with the current password: a new secret and its QR code each time. */
  enrolTwoFactor: (password: string) => ok(api.POST('/auth/2fa/enrol', { body: { password } })),
  /** Proves the enrolment with the app's first code; the answer holds the recovery codes. */
  confirmTwoFactor: (code: string) => ok(api.POST('/auth/2fa/confirm', { body: { code } })),
  disableTwoFactor: (input: { password: string; code: string }) => ok(api.POST('/auth/2fa/disable', { body: input })),
};

/** The session and account writes. */
export function useAccountWrites() {
  return writes;
}
