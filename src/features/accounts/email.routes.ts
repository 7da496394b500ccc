import type { App } from '../../http/types.js';
import { One, one } from '../../http/envelope.js';
import { SESSION_COOKIE } from '../../http/auth.js';
import { sessionRoute } from '../../http/route.js';
import { EmailChangeBody, EmailVerified, VerificationSent, VerifyEmailBody } from './auth.schemas.js';
import { confirmEmailChange, requestEmailChange } from './email-change.service.js';
import { resendVerification, verifyEmail } from './verification.service.js';
import { cookieAuth, noSession, problem, tags } from './account-routes.shared.js';

/** Proving an address: the sign-up's link, a new one, and moving the account to another address. */
export function emailRoutes(app: App) {
  const ctx = app.deps;

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
        401: noSession,
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
        401: noSession,
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
}
