import type { App } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import { problemResponse } from '../../http/openapi.js';
import { Erasure } from '../privacy/index.js';
import { operatorAt, operatorRoute, tags } from './operator.route.js';
import {
  EraseUserBody,
  OperatorUser,
  ReasonBody,
  UserDirectoryQuery,
  UserParams,
} from './operator-accounts.schemas.js';
import { changeUserDisabled, eraseUserForOperator, listUsers } from './operator-accounts.service.js';

/** The server's users in the operator's console (docs/decisions.md D74). */
export function operatorUserRoutes(app: App) {
  const deps = app.deps;

  app.get(
    '/v1/operator/users',
    operatorRoute(deps, {
      operationId: 'operatorListUsers',
      tags,
      summary: 'Every user of the server',
      description:
        'Newest first, each with their organizations, whether two-factor sign-in is on, whether the address is verified, whether the operator disabled them, and when they last signed in as far as a stored session tells. `q` finds a user by id or by part of the e-mail address or name. Erased users are left out. Not recorded.',
      querystring: UserDirectoryQuery,
      response: { 200: List(OperatorUser) },
    }),
    async (request) => list(request, await listUsers(deps, request.query)),
  );

  app.post(
    '/v1/operator/users/:id/disable',
    operatorRoute(deps, {
      operationId: 'operatorDisableUser',
      tags,
      summary: 'Disable a user',
      description:
        "They cannot sign in (403 `suspended`, told only after the right password) and every session of theirs ends now. The API keys they created stay their organizations' and keep working: a key belongs to the organization, whose admins revoke it. Recorded as `user.disabled`, with the reason; again with another reason replaces it.",
      params: UserParams,
      body: ReasonBody,
      response: { 200: One(OperatorUser) },
    }),
    async (request) =>
      one(request, await changeUserDisabled(deps, operatorAt(request), request.params.id, request.body.reason)),
  );

  app.post(
    '/v1/operator/users/:id/enable',
    operatorRoute(deps, {
      operationId: 'operatorEnableUser',
      tags,
      summary: 'Enable a disabled user',
      description: 'They may sign in again (`user.enabled`). A user who is not disabled changes and records nothing.',
      params: UserParams,
      response: { 200: One(OperatorUser) },
    }),
    async (request) => one(request, await changeUserDisabled(deps, operatorAt(request), request.params.id, null)),
  );

  app.post(
    '/v1/operator/users/:id/erase',
    operatorRoute(deps, {
      operationId: 'operatorEraseUser',
      tags,
      summary: 'Erase a user (GDPR Art. 17)',
      description:
        'What DELETE /v1/users/me does, without the password: e-mail address, name and password hash removed, sessions ended, keys they created revoked, memberships ended (docs/privacy.md). `confirm` must be their e-mail address, else 422 at /confirm and nothing changes. The last org_admin of an organization gets 409 unless it is one they run alone and `delete_organizations` names it. Recorded as `user.erased`.',
      params: UserParams,
      body: EraseUserBody,
      response: {
        200: One(Erasure),
        409: problemResponse(
          'The user is the last org_admin of an organization not named in delete_organizations',
          409,
        ),
      },
    }),
    async (request) =>
      one(request, await eraseUserForOperator(deps, operatorAt(request), request.params.id, request.body)),
  );
}
