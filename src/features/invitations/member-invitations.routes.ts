import { problemResponse } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import { AddMemberBody } from '../members/index.js';
import { CreatedInvitation, Invitation, InvitationListQuery, InvitationParams } from './invitations.schemas.js';
import { createInvitation, listInvitations, revokeInvitation } from './invitations.service.js';
import { route } from '../../http/route.js';
import { tags } from './invitation-routes.shared.js';

/** A workspace's invitations, as its admins see them: invite, list, revoke. */
export function memberInvitationsRoutes(app: App) {
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
}
