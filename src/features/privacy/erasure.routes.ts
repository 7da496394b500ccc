import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { One, one } from '../../http/envelope.js';
import { SESSION_COOKIE } from '../../http/auth.js';
import { problemResponse } from '../../http/openapi.js';
import { route } from '../../http/route.js';
import { MemberParams } from '../members/index.js';
import { redirectKeysOfOrganization } from '../codes/index.js';
import { EraseMeBody, Erasure } from './privacy.schemas.js';
import { eraseMe, eraseMember } from './erasure.service.js';

const tags = ['privacy'];
const what =
  'E-mail address, name and password hash are removed; sessions end and API keys the user created are revoked; memberships end. ' +
  'Audit entries stay, their actor id now pointing at an erased user; comments keep their text with the author shown as "erased" (docs/privacy.md).';

export default async function erasureRoutes(app: App) {
  const ctx = app.deps;

  app.delete(
    '/v1/users/me',
    route('privacy.self', {
      operationId: 'eraseMe',
      tags,
      summary: 'Erase my account (GDPR Art. 17)',
      description: `Sessions only; API keys get 403. Needs the current password (wrong: 422 on /password; repeated failures are throttled like logins). ${what} The last org_admin of an organization gets 409 (its \`organizations\` lists each one with \`only_member\`) until they hand over; an organization whose only member they are can instead be deleted in the same step by naming it in \`delete_organizations\` (its codes stop redirecting, as with DELETE /v1/organizations/{id}).`,
      body: EraseMeBody,
      response: {
        200: One(Erasure),
        409: problemResponse(
          'The user is the last org_admin of an organization not named in delete_organizations',
          409,
        ),
        429: problemResponse('Too many wrong passwords; see Retry-After', 429),
      },
    }),
    async (request, reply) => {
      const out = await eraseMe(ctx, principalOf(request), request.body, request.ip);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      // Codes of a deleted organization stop redirecting now, on every instance.
      for (const id of out.deletedOrganizations) ctx.invalidation.publish(await redirectKeysOfOrganization(ctx.db, id));
      return one(request, out.result);
    },
  );

  app.post(
    '/v1/members/:user_id/erase',
    route('members.manage', {
      operationId: 'eraseMember',
      tags: ['members', ...tags],
      summary: 'Erase a member of the organization (GDPR Art. 17)',
      description: `org_admin sessions only; API keys get 403. ${what} A user who also belongs to another organization gets 409 (they erase themselves; remove them here instead); so does the last org_admin. Another organization's member is a 404.`,
      params: MemberParams,
      response: {
        200: One(Erasure),
        409: problemResponse('Last org_admin, or a member of another organization too', 409),
      },
    }),
    async (request) => one(request, await eraseMember(ctx, principalOf(request), request.params.user_id)),
  );
}
