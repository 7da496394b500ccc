import { problemResponse } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import { SESSION_COOKIE } from '../../http/auth.js';
import { One, one } from '../../http/envelope.js';
import { InvitationLinkBody, InvitationParams, ReceivedInvitation } from './invitations.schemas.js';
import { acceptByLink, respondToInvitation } from './invitations.service.js';
import { sessionRoute } from '../../http/route.js';
import { badCsrf, closed, cookieAuth, noSession, notYours } from './invitation-routes.shared.js';

/** Accepting (or declining) an invitation as the session user. */
export function invitationAcceptRoutes(app: App) {
  const ctx = app.deps;
  // Adding a member is inviting one: the route is the members API's, the work this feature's.

  app.post(
    '/auth/invitations/accept',
    sessionRoute({
      operationId: 'acceptInvitationByLink',
      tags: ['auth'],
      security: cookieAuth,
      summary: 'Accept the invitation of an e-mailed link (needs X-CSRF-Token)',
      description:
        "The link's `token` and a session whose verified address is the invited one: otherwise 404, the same for a forged token, another address's invitation or one of an unknown organization. " +
        "An unverified address is a 403 `email-unverified` (when EMAIL_VERIFICATION=required); an expired, revoked, declined or accepted invitation a 409, and so is an old link of the user's own invitation that inviting again replaced (only the newest link accepts).",
      body: InvitationLinkBody,
      response: {
        200: One(ReceivedInvitation),
        401: noSession,
        403: problemResponse('X-CSRF-Token missing or wrong, or the address is not verified', 403),
        404: notYours,
        409: closed,
      },
    }),
    async (request) =>
      one(
        request,
        await acceptByLink(
          ctx,
          request.cookies[SESSION_COOKIE],
          request.headers['x-csrf-token'],
          request.body.token,
          request.id,
        ),
      ),
  );

  for (const answer of ['accept', 'decline'] as const) {
    app.post(
      `/auth/invitations/:id/${answer}`,
      sessionRoute({
        operationId: `${answer}Invitation`,
        tags: ['auth'],
        security: cookieAuth,
        summary:
          answer === 'accept'
            ? 'Accept an invitation: join the organization with the invited roles (needs X-CSRF-Token)'
            : 'Decline an invitation (needs X-CSRF-Token)',
        description:
          answer === 'accept'
            ? 'Adds the membership and the invited workspace roles in one transaction. A user already a member gets nothing new; workspaces archived since are skipped. ' +
              "Needs the `token` of the invitation's link: without the right one, and for another address's invitation, a 404; an unverified address a 403 `email-unverified` (EMAIL_VERIFICATION=required); an expired, revoked, declined or accepted one a 409 `conflict`."
            : 'An invitation for another address is a 404; one no longer pending a 409 `conflict`.',
        params: InvitationParams,
        ...(answer === 'accept' ? { body: InvitationLinkBody } : {}),
        response: { 200: One(ReceivedInvitation), 401: noSession, 403: badCsrf, 404: notYours, 409: closed },
      }),
      async (request) =>
        one(
          request,
          await respondToInvitation(
            ctx,
            request.cookies[SESSION_COOKIE],
            request.headers['x-csrf-token'],
            request.params.id,
            answer,
            request.id,
            (request.body as { token?: string } | undefined)?.token,
          ),
        ),
    );
  }
}
