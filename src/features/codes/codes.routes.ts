import { Type } from 'typebox';
import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import { Code, CodeBatch, CodeCreate, CodeListQuery, CodeParams, CodeUpdate, RejectBody } from './codes.schemas.js';
import { createCodes, deleteCode, getCode, listCodes, reviewCode, updateCodeFields } from './codes.service.js';
import { route } from '../../http/route.js';
import { CODE_BATCH_EXAMPLE, CODE_CREATE_EXAMPLES, CODE_UPDATE_EXAMPLE } from './codes.examples.js';
import { PageQuery } from '../../http/pagination.js';
import { deleteAlias, listAliases } from './aliases.service.js';

const CodeAlias = Type.Object(
  { id: Type.String(), short_code: Type.String(), created_at: Type.String() },
  { title: 'CodeAlias' },
);
const AliasParams = Type.Object({ id: Type.String({ maxLength: 100 }), short_code: Type.String({ maxLength: 64 }) });

const tags = ['codes'];

export default async function codesRoutes(app: App) {
  const deps = { ...app.deps, invalidate: (codes: string[]) => app.deps.invalidation.publish(codes) };

  app.post(
    '/v1/codes',
    route('codes.write', {
      operationId: 'createCode',
      tags,
      summary: 'Create a QR code',
      description:
        'Creates a static code (the QR holds the content) or a dynamic code (the QR holds `short_url`, whose destination can change and whose scans are recorded). URL destinations are stored in WHATWG-normalised form; a destination that points back at this service is a 422 `url_loop`. Send an `Idempotency-Key` to retry safely.',
      // One named example per code type, which the reference offers in a picker (OpenAPI media `examples`).
      body: { ...CodeCreate, 'x-examples': CODE_CREATE_EXAMPLES },
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
      body: { ...CodeBatch, examples: [CODE_BATCH_EXAMPLE] },
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
      body: { ...CodeUpdate, examples: [CODE_UPDATE_EXAMPLE] },
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

  app.get(
    '/v1/codes/:id/aliases',
    route('codes.read', {
      operationId: 'listCodeAliases',
      tags,
      summary: "A code's former short codes that still redirect",
      description:
        'Changing `short_code` keeps the old one redirecting to the same code as an alias, so printed codes never break. Newest first.',
      params: CodeParams,
      querystring: Type.Object({ ...PageQuery }, { additionalProperties: false }),
      response: { 200: List(CodeAlias) },
    }),
    async (request) => list(request, await listAliases(deps, principalOf(request), request.params.id, request.query)),
  );

  app.delete(
    '/v1/codes/:id/aliases/:short_code',
    route('codes.write', {
      operationId: 'deleteCodeAlias',
      tags,
      summary: 'Stop a former short code from redirecting',
      description:
        'The alias answers 404 from now on (on every instance), and its short code may be chosen again. Audited as `codes.alias_deleted`.',
      params: AliasParams,
      response: { 200: One(CodeAlias) },
    }),
    async (request) =>
      one(request, await deleteAlias(deps, principalOf(request), request.params.id, request.params.short_code)),
  );
}
