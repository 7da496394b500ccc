import { Type } from 'typebox';
import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import { Code, CodeBatch, CodeCreate, CodeListQuery, CodeParams, CodeUpdate, RejectBody } from './codes.schemas.js';
import {
  createCodes,
  deleteCode,
  getCode,
  listCodes,
  reviewCode,
  updateCodeFields,
  type CodesDeps,
} from './codes.service.js';
import { route } from '../../http/route.js';

const tags = ['codes'];

export default async function codesRoutes(app: App) {
  const { db, config, clock } = app.deps;
  const deps: CodesDeps = { db, config, clock, invalidate: (codes) => app.redirects.invalidate(codes) };

  app.post(
    '/v1/codes',
    route('codes.write', {
      operationId: 'createCode',
      tags,
      summary: 'Create a QR code',
      description:
        'Creates a static code (the QR holds the content) or a dynamic code (the QR holds `short_url`, whose destination can change and whose scans are recorded). URL destinations are stored in WHATWG-normalised form; a destination that points back at this service is a 422 `url_loop`. Send an `Idempotency-Key` to retry safely.',
      body: CodeCreate,
      response: { 201: One(Code) },
    }),
    async (request, reply) => {
      const [code] = await createCodes(deps, principalOf(request), [request.body], () => '');
      return reply.code(201).send(one(request, code));
    },
  );

  app.post(
    '/v1/codes/batch',
    route('codes.write', {
      operationId: 'createCodesBatch',
      tags,
      summary: 'Create up to 1,000 codes, all or nothing',
      description:
        'Every item is validated first; one bad item fails the whole batch and its errors carry pointers like /codes/3/url.',
      body: CodeBatch,
      response: { 201: One(Type.Array(Code)) },
    }),
    async (request, reply) => {
      const codes = await createCodes(deps, principalOf(request), request.body.codes, (i) => `/codes/${i}`);
      return reply.code(201).send(one(request, codes));
    },
  );

  app.get(
    '/v1/codes',
    route('codes.read', {
      operationId: 'listCodes',
      tags,
      summary: 'List codes, newest first',
      description:
        "Cursor-paginated list of the workspace's codes, newest first, filtered by `type`, `status`, `tag` and a case-insensitive search `q` over title and URL. `meta.pagination.total_count` counts every match.",
      querystring: CodeListQuery,
      response: { 200: List(Code) },
    }),
    async (request) => list(request, await listCodes(deps, principalOf(request), request.query)),
  );

  app.get(
    '/v1/codes/:id',
    route('codes.read', {
      operationId: 'getCode',
      tags,
      summary: 'One code',
      description:
        "A code of the caller's workspace with its destination(s), style, expiry and scan count. Another workspace's code is a 404.",
      params: CodeParams,
      response: { 200: One(Code) },
    }),
    async (request) => one(request, await getCode(deps, principalOf(request), request.params.id)),
  );

  app.patch(
    '/v1/codes/:id',
    route('codes.write', {
      operationId: 'updateCode',
      tags,
      summary: 'Change a code',
      description:
        'Partial update: destination, A/B destinations, expiry, fallback, style, tags or status (pause and resume). The redirect uses the new values at once, on every instance. Each change is audited.',
      params: CodeParams,
      body: CodeUpdate,
      response: { 200: One(Code) },
    }),
    async (request) =>
      one(request, await updateCodeFields(deps, principalOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/v1/codes/:id',
    route('codes.delete', {
      operationId: 'deleteCode',
      tags,
      summary: 'Delete a code (soft); its short URL answers 410',
      description:
        "Soft-deletes the code: it leaves lists, its short URL answers the 410 page (or redirects to `fallback_url`), and its scans stay for analytics. Answers 200 with the code's final state.",
      params: CodeParams,
      response: { 200: One(Code) },
    }),
    async (request) => one(request, await deleteCode(deps, principalOf(request), request.params.id)),
  );

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
