import type { App } from '../../http/types.js';
import { featurePlugin } from '../../http/plugin.js';
import { One, one } from '../../http/envelope.js';
import { SESSION_COOKIE } from '../../http/auth.js';
import {
  TwoFactorCodeBody,
  TwoFactorDisableBody,
  TwoFactorDisabled,
  TwoFactorEnabled,
  TwoFactorEnrolBody,
  TwoFactorEnrolment,
  EmailChangeBody,
  EmailVerified,
  PasswordReset,
  PasswordResetAccepted,
  PasswordResetBody,
  PasswordResetConfirmBody,
  VerificationSent,
  VerifyEmailBody,
} from './auth.schemas.js';
import { confirmTwoFactor, disableTwoFactor, enrolTwoFactor } from './two-factor.service.js';
import { confirmEmailChange, requestEmailChange } from './email-change.service.js';
import { RESET_JOB, confirmPasswordReset, mailResetLink, requestPasswordReset } from './password-reset.service.js';
import { resendVerification, verifyEmail } from './verification.service.js';
import { sessionRoute } from '../../http/route.js';

const tags = ['auth'];
// sessionRoute, like /auth/login: these read the cookie themselves (or need none); the anonymous per-IP budget applies.
const cookieAuth = [{ session: [] }];
const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } },
});

/** Proving an address and getting back into an account (docs/accounts.md, "E-mail and account recovery"). */
async function accountRoutes(app: App) {
  const ctx = app.deps;
  app.jobs.register<{ email: string }>(RESET_JOB, (job) => mailResetLink(ctx, job.payload.email), {
    retryDelaysMs: [10_000, 60_000, 300_000],
  });

  app.post(
    '/auth/password-reset',
    sessionRoute({
      operationId: 'requestPasswordReset',
      tags,
      security: [],
      summary: 'E-mail a password reset link (always 202)',
      description:
        'Answers 202 whether or not an account uses the address, after the same work either way, so it tells nothing about accounts. ' +
        'An account gets a link (`/reset-password?token=…`, one hour, single use). At most 3 requests an hour per address and 10 per IP address (429 with `Retry-After`).',
      body: PasswordResetBody,
      response: { 202: One(PasswordResetAccepted), 429: problem('Too many requests; see Retry-After') },
    }),
    async (request, reply) =>
      reply.code(202).send(one(request, await requestPasswordReset(ctx, request.body.email, request.ip))),
  );

  app.post(
    '/auth/password-reset/confirm',
    sessionRoute({
      operationId: 'confirmPasswordReset',
      tags,
      security: [],
      summary: 'Set a new password with the token of a reset link; ends every session',
      description:
        'The password rules are those of sign-up (422 at `/password`). An unknown, used or expired token is a 422 at `/token`. ' +
        'Every session of the user ends (log in again); a "password changed" notice is e-mailed; the address counts as verified. ' +
        "Earlier reset links stop working. When the address was not verified before, the reset also turns two-factor sign-in off (secret and recovery codes) and revokes every API key the account created: an unproved holder (a sign-up with someone else's address) keeps nothing.",
      body: PasswordResetConfirmBody,
      response: {
        200: One(PasswordReset),
        409: problem('The account no longer uses the address the link was sent to'),
      },
    }),
    async (request) => one(request, await confirmPasswordReset(ctx, request.body.token, request.body.password)),
  );

  app.post(
    '/auth/verify-email',
    sessionRoute({
      operationId: 'verifyEmail',
      tags,
      security: [],
      summary: 'Prove an e-mail address with the token of its e-mailed link',
      description:
        'The link (`/verify-email?token=…`) is sent at sign-up and by the resend route; it works once, for 24 hours, and only the newest one works. ' +
        'An unknown, used or expired token is a 422 at `/token` (`invalid_token`, `used_token`, `expired_token`). No session is needed.',
      body: VerifyEmailBody,
      response: {
        200: One(EmailVerified),
        409: problem('The account no longer uses the address the link was sent to'),
      },
    }),
    async (request) => one(request, await verifyEmail(ctx, request.body.token)),
  );

  app.post(
    '/auth/verify-email/resend',
    sessionRoute({
      operationId: 'resendVerificationEmail',
      tags,
      security: cookieAuth,
      summary: "Send a new verification link to the session user's address (needs X-CSRF-Token)",
      description:
        'Earlier links stop working. At most once a minute and five times an hour (429 with `Retry-After`); 409 when the address is already verified.',
      response: {
        202: One(VerificationSent),
        401: problem('No session, or it expired'),
        403: problem('X-CSRF-Token missing or wrong'),
        409: problem('The address is already verified'),
        429: problem('A link was sent recently; see Retry-After'),
      },
    }),
    async (request, reply) =>
      reply
        .code(202)
        .send(
          one(request, await resendVerification(ctx, request.cookies[SESSION_COOKIE], request.headers['x-csrf-token'])),
        ),
  );

  app.post(
    '/auth/email-change',
    sessionRoute({
      operationId: 'requestEmailChange',
      tags,
      security: cookieAuth,
      summary: 'Ask to change the e-mail address: a link goes to the new one (needs X-CSRF-Token)',
      description:
        'Needs the current password (422 `mismatch` at `/password`; wrong ones count towards login throttling, 429). ' +
        'Nothing changes until the link (`/confirm-email?token=…`, 24 hours, single use) is followed; the answer is the same whether or not the new address has an account.',
      body: EmailChangeBody,
      response: {
        202: One(VerificationSent),
        401: problem('No session, or it expired'),
        403: problem('X-CSRF-Token missing or wrong'),
        429: problem('Too many failed attempts; see Retry-After'),
      },
    }),
    async (request, reply) =>
      reply
        .code(202)
        .send(
          one(
            request,
            await requestEmailChange(
              ctx,
              request.cookies[SESSION_COOKIE],
              request.headers['x-csrf-token'],
              request.body,
              request.ip,
            ),
          ),
        ),
  );

  app.post(
    '/auth/email-change/confirm',
    sessionRoute({
      operationId: 'confirmEmailChange',
      tags,
      security: [],
      summary: 'Confirm a new e-mail address with the token of its link',
      description:
        'The account uses the new address from now on, verified; a notice goes to the old one. An unknown, used or expired token, or an address another account took meanwhile, is a 422 at `/token`.',
      body: VerifyEmailBody,
      response: { 200: One(EmailVerified) },
    }),
    async (request) => one(request, await confirmEmailChange(ctx, request.body.token)),
  );

  const sessionProblems = {
    401: problem('No session, or it expired'),
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

export default featurePlugin('account-routes', ['jobs'], accountRoutes);
