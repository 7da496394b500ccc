import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { One, one } from '../../http/envelope.js';
import { Code, CodeParams, RejectBody } from './codes.schemas.js';
import { reviewCode } from './codes.service.js';
import { route } from '../../http/route.js';
import { codeDeps, tags } from './code-routes.shared.js';

/** The review of a code that needs approval: approve, reject. */
export function codeReviewRoutes(app: App) {
  const deps = codeDeps(app);

  app.post(
    '/v1/codes/:id/approve',
    route('codes.approve', {
      operationId: 'approveCode',
      tags,
      summary: 'Approve a code pending approval',
      description:
        'In a workspace with `approval_required`, makes a pending code live. Needs the `approver` role (or an admin); a code that is not pending is a 409.',
      params: CodeParams,
      response: { 200: One(Code) },
    }),
    async (request) => one(request, await reviewCode(deps, principalOf(request), request.params.id, { approve: true })),
  );

  app.post(
    '/v1/codes/:id/reject',
    route('codes.approve', {
      operationId: 'rejectCode',
      tags,
      summary: 'Reject a code pending approval, with a reason',
      description:
        'In a workspace with `approval_required`, rejects a pending code with a `reason` that is kept on the code and in the audit log. A code that is not pending is a 409.',
      params: CodeParams,
      body: RejectBody,
      response: { 200: One(Code) },
    }),
    async (request) =>
      one(
        request,
        await reviewCode(deps, principalOf(request), request.params.id, {
          approve: false,
          reason: request.body.reason,
        }),
      ),
  );
}
