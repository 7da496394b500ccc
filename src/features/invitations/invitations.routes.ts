import { problemResponse } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { SESSION_COOKIE } from '../../http/auth.js';
import { List, One, list, one } from '../../http/envelope.js';
import { AddMemberBody } from '../members/index.js';
import {
  CreatedInvitation,
  Invitation,
  InvitationLinkBody,
  InvitationLinkQuery,
  InvitationListQuery,
  InvitationPreview,
  InvitationParams,
  ReceivedInvitation,
} from './invitations.schemas.js';
import {
  acceptByLink,
  createInvitation,
  listInvitations,
  receivedInvitations,
  respondToInvitation,
  revokeInvitation,
} from './invitations.service.js';
import { route, sessionRoute } from '../../http/route.js';
import { previewInvitation } from './invitation-preview.js';

const tags = ['members'];
// The /auth routes read the cookie themselves (like /auth/me): the invitee may not belong to any
// workspace the auth plugin could resolve (sessionRoute).
const cookieAuth = [{ session: [] }];
const noSession = problemResponse('No session, or it expired', 401);
const badCsrf = problemResponse('X-CSRF-Token missing or wrong', 403);
const notYours = problemResponse("No such invitation for the session user's e-mail address", 404);
const closed = problemResponse(
  'The invitation was already accepted, declined or revoked, or it expired, or a newer link replaced this one',
  409,
);

export default async function invitationsRoutes(app: App) {
  const ctx = app.deps;

  // Adding a member is inviting one: the route is the members API's, the work this feature's.
  app.post(
    '/v1/members',
    route('members.manage', {
      operationId: 'addMember',
      tags,
      summary: 'Invite someone to the organization by e-mail address',
      description:
        'org_admin sessions only; API keys get 403. Adds nobody: creates an invitation the addressee accepts in a session (`POST /auth/invitations/accept`), ' +
        'or by signing up from the link (`POST /auth/signup` with `invitation_token`) if the address has no account yet. The answer is the same whether or not the address has an account ' +
        "or is already a member. An open invitation to the same address is refreshed (same id, the new roles, a new 14-day expiry, a new link: the old link's preview then says `replaced`). " +
        '`role` defaults to member; `workspaces` lists the workspace roles to grant; `name` is ignored (the invitee names itself at signup). ' +
        'An inviter whose own address is not verified gets 403 `email-unverified` (EMAIL_VERIFICATION=required). An organization sends at most INVITATIONS_PER_DAY invitation mails (new or refreshed, default 50) in 24 hours: past that a 429 with `Retry-After`, and nothing is recorded or sent. ' +
        "The organization's name goes into the mail as plain text: a URL or domain in it is written inert (`evil[.]test`), so no mail client makes it a link.",
      body: AddMemberBody,
      response: { 201: One(CreatedInvitation) },
    }),
    async (request, reply) =>
      reply.code(201).send(one(request, await createInvitation(ctx, principalOf(request), request.body))),
  );

  app.get(
    '/v1/invitations',
    route('members.manage', {
      operationId: 'listInvitations',
      tags,
      summary: 'Pending invitations of the organization',
      description:
        'org_admin sessions only, like managing members. Newest first; accepted, declined, revoked and expired ones are not listed.',
      querystring: InvitationListQuery,
      response: { 200: List(Invitation) },
    }),
    async (request) => list(request, await listInvitations(ctx, principalOf(request), request.query)),
  );

  app.delete(
    '/v1/invitations/:id',
    route('members.manage', {
      operationId: 'revokeInvitation',
      tags,
      summary: 'Revoke an invitation (200 with `status: "revoked"`)',
      description:
        "org_admin sessions only. Another organization's invitation is a 404; one already accepted, declined or revoked is a 409 `conflict`.",
      params: InvitationParams,
      response: { 200: One(Invitation), 409: problemResponse('The invitation is no longer open', 409) },
    }),
    async (request) => one(request, await revokeInvitation(ctx, principalOf(request), request.params.id)),
  );

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
