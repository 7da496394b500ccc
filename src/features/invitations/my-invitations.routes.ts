import { problemResponse } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import { SESSION_COOKIE } from '../../http/auth.js';
import { List, One, list, one } from '../../http/envelope.js';
import { InvitationLinkQuery, InvitationPreview, ReceivedInvitation } from './invitations.schemas.js';
import { receivedInvitations } from './invitations.service.js';
import { sessionRoute } from '../../http/route.js';
import { previewInvitation } from './invitation-preview.js';
import { cookieAuth, noSession } from './invitation-routes.shared.js';

/** The invitations of the session user, and a link's preview before signing in. */
export function myInvitationsRoutes(app: App) {
  const ctx = app.deps;
  // Adding a member is inviting one: the route is the members API's, the work this feature's.

  app.get(
    '/auth/invitations',
    sessionRoute({
      operationId: 'listReceivedInvitations',
      tags: ['auth'],
      security: cookieAuth,
      summary: "Pending invitations addressed to the session user's e-mail address",
      description:
        'The newest 100 (has_more tells whether there are more); accept or decline them with the routes below.',
      response: { 200: List(ReceivedInvitation), 401: noSession },
    }),
    async (request) => list(request, await receivedInvitations(ctx, request.cookies[SESSION_COOKIE])),
  );

  app.get(
    '/auth/invitations/preview',
    sessionRoute({
      operationId: 'previewInvitation',
      tags: ['auth'],
      security: [],
      summary: 'What an invitation link offers: organization, inviter, roles, expiry and status (no session needed)',
      description:
        "For the page the e-mailed link opens, signed in or not: the organization, who invited, the organization role and the workspace roles with the workspaces' names, the expiry, the invited address, whether an account uses it, and the status. " +
        'An old link that inviting the address again replaced answers `status: "replaced"` (only the newest link accepts); a token that was never a link is a 404. ' +
        'The token is the secret of the link, which went to the invited address, so its holder is told no more than that address could learn (docs/decisions.md D63). The answer is not cached (`Cache-Control: no-store`).',
      querystring: InvitationLinkQuery,
      response: { 200: One(InvitationPreview), 404: problemResponse('No invitation link has this token', 404) },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return one(request, await previewInvitation(ctx, request.query.token));
    },
  );
}
