import type { App } from '../../http/types.js';
import { One, one } from '../../http/envelope.js';
import { SESSION_COOKIE } from '../../http/auth.js';
import { sessionRoute } from '../../http/route.js';
import {
  TwoFactorCodeBody,
  TwoFactorDisableBody,
  TwoFactorDisabled,
  TwoFactorEnabled,
  TwoFactorEnrolBody,
  TwoFactorEnrolment,
} from './auth.schemas.js';
import { confirmTwoFactor, disableTwoFactor, enrolTwoFactor } from './two-factor.service.js';
import { cookieAuth, noSession, problem, tags } from './account-routes.shared.js';

/** Two-factor sign-in: enrol with the password, turn on with a first code, turn off. */
export function twoFactorRoutes(app: App) {
  const ctx = app.deps;

  const sessionProblems = {
    401: noSession,
    403: problem('X-CSRF-Token missing or wrong'),
    409: problem('Two-factor sign-in is already on (or off)'),
  };

  app.post(
    '/auth/2fa/enrol',
    sessionRoute({
      operationId: 'enrolTwoFactor',
      tags,
      security: cookieAuth,
      summary: 'Start two-factor sign-in with the password: a new TOTP secret and its QR code (needs X-CSRF-Token)',
      description:
        'RFC 6238 (SHA-1, 6 digits, 30 s). Needs the current password (422 `mismatch` at `/password`; wrong ones count towards login throttling, 429); nothing is enrolled without it. ' +
        'An unverified address is a 403 `email-unverified` (EMAIL_VERIFICATION=required). ' +
        'The secret is kept sealed with SECRETS_KEY and is not in force until `POST /auth/2fa/confirm`. Enrolling again replaces an unconfirmed secret.',
      body: TwoFactorEnrolBody,
      response: {
        200: One(TwoFactorEnrolment),
        ...sessionProblems,
        403: problem('X-CSRF-Token missing or wrong, or the address is not verified (`email-unverified`)'),
        429: problem('Too many failed attempts; see Retry-After'),
      },
    }),
    async (request) =>
      one(
        request,
        await enrolTwoFactor(
          ctx,
          request.cookies[SESSION_COOKIE],
          request.headers['x-csrf-token'],
          request.body,
          request.ip,
        ),
      ),
  );

  app.post(
    '/auth/2fa/confirm',
    sessionRoute({
      operationId: 'confirmTwoFactor',
      tags,
      security: cookieAuth,
      summary: 'Turn two-factor sign-in on with a first code; returns ten recovery codes (needs X-CSRF-Token)',
      description:
        'A wrong code is a 422 `mismatch` at `/code` and counts towards login throttling (429). An unverified address is a 403 `email-unverified` (EMAIL_VERIFICATION=required). The recovery codes are shown once; only their hashes are kept. A notice is e-mailed.',
      body: TwoFactorCodeBody,
      response: {
        200: One(TwoFactorEnabled),
        ...sessionProblems,
        429: problem('Too many attempts; see Retry-After'),
      },
    }),
    async (request) =>
      one(
        request,
        await confirmTwoFactor(
          ctx,
          request.cookies[SESSION_COOKIE],
          request.headers['x-csrf-token'],
          request.body.code,
          request.ip,
        ),
      ),
  );

  app.post(
    '/auth/2fa/disable',
    sessionRoute({
      operationId: 'disableTwoFactor',
      tags,
      security: cookieAuth,
      summary: 'Turn two-factor sign-in off with the password and a code (needs X-CSRF-Token)',
      description:
        "Needs the password and a current code or a recovery code (422 `mismatch` at `/password` or `/code`, throttled like logins; wrong codes also spend the account's daily second-factor budget, docs/security.md). The secret and recovery codes are deleted; a notice is e-mailed.",
      body: TwoFactorDisableBody,
      response: {
        200: One(TwoFactorDisabled),
        ...sessionProblems,
        429: problem('Too many attempts; see Retry-After'),
      },
    }),
    async (request) =>
      one(
        request,
        await disableTwoFactor(
          ctx,
          request.cookies[SESSION_COOKIE],
          request.headers['x-csrf-token'],
          request.body,
          request.ip,
        ),
      ),
  );
}
