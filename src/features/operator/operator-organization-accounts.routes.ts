import type { App } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import { problemResponse } from '../../http/openapi.js';
import { Invitation, InvitationListQuery, InvitationParams } from '../invitations/index.js';
import { operatorAt, operatorRoute, tags } from './operator.route.js';
import { OperatorOrganization, OrganizationParams } from './operator.schemas.js';
import { EraseOrganizationBody, ErasedOrganization, SuspendBody } from './operator-accounts.schemas.js';
import {
  changeSuspension,
  eraseOrganizationForOperator,
  organizationInvitations,
  resendForOperator,
  revokeForOperator,
} from './operator-accounts.service.js';

/** An organization's suspension, invitations and erasure in the operator's console (docs/decisions.md D74). */
export function operatorOrganizationAccountRoutes(app: App) {
  const deps = app.deps;

  app.post(
    '/v1/operator/organizations/:id/suspend',
    operatorRoute(deps, {
      operationId: 'operatorSuspendOrganization',
      tags,
      summary: 'Suspend an organization',
      description:
        'While suspended, its members cannot sign in to it and their sessions get 403 `suspended` on its routes, its API keys get 403 `suspended`, and its codes either keep redirecting (`redirects: keep`) or answer a neutral page, "This code is not available", HTTP 410, nothing of the owner shown (`neutral_page`); every instance\'s redirect cache drops its codes at once. Recorded in the instance audit log (`organization.suspended`, with the reason) and, without the reason, in the organization\'s own log as a system change. Suspending again replaces the reason and the redirect choice; the same again records nothing.',
      params: OrganizationParams,
      body: SuspendBody,
      response: { 200: One(OperatorOrganization) },
    }),
    async (request) => one(request, await changeSuspension(deps, operatorAt(request), request.params.id, request.body)),
  );

  app.post(
    '/v1/operator/organizations/:id/unsuspend',
    operatorRoute(deps, {
      operationId: 'operatorUnsuspendOrganization',
      tags,
      summary: "Lift an organization's suspension",
      description:
        'Its members sign in again, its keys and sessions work, its codes redirect as before (`organization.unsuspended`). An organization that is not suspended changes and records nothing.',
      params: OrganizationParams,
      response: { 200: One(OperatorOrganization) },
    }),
    async (request) => one(request, await changeSuspension(deps, operatorAt(request), request.params.id, null)),
  );

  app.post(
    '/v1/operator/organizations/:id/erase',
    operatorRoute(deps, {
      operationId: 'operatorEraseOrganization',
      tags,
      summary: 'Erase an organization',
      description:
        'The deletion a data-protection request ends in, as DELETE /v1/organizations/{id} does it: its codes stop redirecting, its keys and sessions stop working, its members no longer belong to it; rows are kept (docs/privacy.md). `confirm` must be its slug, else 422 at /confirm and nothing changes. Recorded as `organization.erased`.',
      params: OrganizationParams,
      body: EraseOrganizationBody,
      response: { 200: One(ErasedOrganization) },
    }),
    async (request) =>
      one(
        request,
        await eraseOrganizationForOperator(deps, operatorAt(request), request.params.id, request.body.confirm),
      ),
  );

  app.get(
    '/v1/operator/organizations/:id/invitations',
    operatorRoute(deps, {
      operationId: 'operatorListInvitations',
      tags,
      summary: "An organization's invitations",
      description: 'Every invitation of the organization, newest first, whatever its status. Not recorded.',
      params: OrganizationParams,
      querystring: InvitationListQuery,
      response: { 200: List(Invitation) },
    }),
    async (request) => list(request, await organizationInvitations(deps, request.params.id, request.query)),
  );

  app.post(
    '/v1/operator/invitations/:id/resend',
    operatorRoute(deps, {
      operationId: 'operatorResendInvitation',
      tags,
      summary: 'Mail an invitation again',
      description:
        "A new link to the invitee (the old one then says `replaced`) and a new expiry, as inviting the address again does; it counts against the organization's invitations of the day (429 when used up). An invitation accepted, declined or revoked is a 409. Recorded as `invitation.resent`.",
      params: InvitationParams,
      response: {
        200: One(Invitation),
        409: problemResponse('The invitation is no longer open', 409),
        429: problemResponse("The organization's invitations of the day are used up; see Retry-After", 429),
      },
    }),
    async (request) => one(request, await resendForOperator(deps, operatorAt(request), request.params.id)),
  );

  app.post(
    '/v1/operator/invitations/:id/revoke',
    operatorRoute(deps, {
      operationId: 'operatorRevokeInvitation',
      tags,
      summary: 'Revoke an invitation',
      description:
        'As an org_admin revokes it (DELETE /v1/invitations/{id}); one accepted, declined or revoked is a 409. Recorded as `invitation.revoked`.',
      params: InvitationParams,
      response: { 200: One(Invitation), 409: problemResponse('The invitation is no longer open', 409) },
    }),
    async (request) => one(request, await revokeForOperator(deps, operatorAt(request), request.params.id)),
  );
}
