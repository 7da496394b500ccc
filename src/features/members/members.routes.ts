import { problemResponse } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import { Member, MemberListQuery, MemberParams, UpdateMemberBody } from './members.schemas.js';
import { getMember, listMembers, removeMember, updateMember } from './members.service.js';
import { route } from '../../http/route.js';

const tags = ['members'];
const manage = 'org_admin sessions only; API keys get 403.';

export default async function membersRoutes(app: App) {
  const ctx = app.deps;

  app.get(
    '/v1/members',
    route('members.read', {
      operationId: 'listMembers',
      tags,
      summary: 'Members of the organization with their roles',
      description:
        'org_admin: every member. ws_admin: the members holding a role in the current workspace, with that role only.',
      querystring: MemberListQuery,
      response: { 200: List(Member) },
    }),
    async (request) => list(request, await listMembers(ctx, principalOf(request), request.query)),
  );

  app.get(
    '/v1/members/:user_id',
    route('members.read', {
      operationId: 'getMember',
      tags,
      summary: 'One member',
      description: "One member of the caller's organization with their organization role and workspace roles.",
      params: MemberParams,
      response: { 200: One(Member) },
    }),
    async (request) => one(request, await getMember(ctx, principalOf(request), request.params.user_id)),
  );

  app.patch(
    '/v1/members/:user_id',
    route('members.manage', {
      operationId: 'updateMember',
      tags,
      summary: "Change a member's organization role and workspace roles",
      description: `${manage} Demoting the last org_admin is a 409 conflict.`,
      params: MemberParams,
      body: UpdateMemberBody,
      response: {
        200: One(Member),
        409: problemResponse('The change would leave the organization without an org_admin', 409),
      },
    }),
    async (request) =>
      one(request, await updateMember(ctx, principalOf(request), request.params.user_id, request.body)),
  );

  app.delete(
    '/v1/members/:user_id',
    route('members.manage', {
      operationId: 'removeMember',
      tags,
      summary: 'Remove a member from the organization and all its workspaces',
      description:
        `${manage} Answers the final state (status "removed"). Removing the last org_admin is a 409 conflict. ` +
        "The user's sessions end when it belongs to no other organization.",
      params: MemberParams,
      response: { 200: One(Member), 409: problemResponse('The last org_admin cannot be removed', 409) },
    }),
    async (request) => one(request, await removeMember(ctx, principalOf(request), request.params.user_id)),
  );
}
