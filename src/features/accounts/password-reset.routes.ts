import type { App } from '../../http/types.js';
import { One, one } from '../../http/envelope.js';
import { sessionRoute } from '../../http/route.js';
import { PasswordReset, PasswordResetAccepted, PasswordResetBody, PasswordResetConfirmBody } from './auth.schemas.js';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.service.js';
import { problem, tags } from './account-routes.shared.js';
import type { SignInPolicy } from './sign-in-policy.js';
import type { KeysOfUser } from './keys-of-user.js';

/** Getting back into an account by e-mail: the link, and the new password with its token. */
export function passwordResetRoutes(app: App, policy: SignInPolicy, keys: KeysOfUser) {
  const ctx = app.deps;

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
        403: problem('`sso-required`: an organization of the account requires single sign-on; no password is set'),
        409: problem('The account no longer uses the address the link was sent to'),
      },
    }),
    async (request) =>
      one(request, await confirmPasswordReset(ctx, request.body.token, request.body.password, policy, keys)),
  );
}
