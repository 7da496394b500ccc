import { Type } from 'typebox';
import type { App } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';
import { problemResponse } from '../../http/openapi.js';
import { claimDocument, Gs1PrefixClaimSchema, listClaims } from '../gs1-prefixes/index.js';
import { operatorAt, operatorRoute, tags } from './operator.route.js';
import { approvePrefixClaim, rejectPrefixClaim } from './operator-prefixes.service.js';

const ClaimParams = Type.Object({ id: Type.String({ maxLength: 64, examples: ['gcp_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }) });
const ClaimQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Enum(['pending', 'verified', 'rejected', 'self_declared'], {
      default: 'pending',
      description: 'The claims in this status; `pending` (the default) is the queue.',
    }),
  },
  { additionalProperties: false },
);
const RejectBody = Type.Object(
  {
    reason: Type.String({
      minLength: 1,
      maxLength: 500,
      pattern: '\\S',
      description: 'Why, in words the organization’s admins read in their notification and e-mail.',
      examples: ['The licence names another company.'],
    }),
  },
  { additionalProperties: false },
);
const conflictProblem = problemResponse(
  'The claim is not pending, or (approve) its prefix overlaps one verified for another organization',
  409,
);

/** GS1 prefix verification by the operator (docs/decisions/0075-gs1-prefix-verification.md). */
export function prefixClaimRoutes(app: App) {
  const deps = app.deps;

  app.get(
    '/v1/operator/gs1-prefixes',
    operatorRoute(deps, {
      operationId: 'operatorListGs1PrefixClaims',
      tags,
      summary: 'GS1 company prefix claims to verify',
      description:
        'The claims of one status across organizations, oldest submission first, each with the organization and the evidence; `status=pending` (the default) is the queue. Lists are not recorded in the instance audit log.',
      querystring: ClaimQuery,
      response: { 200: List(Gs1PrefixClaimSchema) },
    }),
    async (request) => list(request, await listClaims(deps, request.query)),
  );

  app.get(
    '/v1/operator/gs1-prefixes/:id/evidence',
    operatorRoute(deps, {
      operationId: 'operatorGetGs1PrefixEvidence',
      tags,
      summary: 'The licence document of a claim',
      description:
        'The bytes the organization uploaded (PDF, PNG or JPEG, checked by their first bytes on upload), inline, with `X-Content-Type-Options: nosniff` and a sandboxing CSP. A claim without a document is a 404.',
      params: ClaimParams,
      response: {
        200: {
          description: 'The document',
          content: {
            'application/pdf': { schema: Type.String({ format: 'binary' }) },
            'image/png': { schema: Type.String({ format: 'binary' }) },
            'image/jpeg': { schema: Type.String({ format: 'binary' }) },
          },
        },
      },
    }),
    async (request, reply) => {
      const doc = await claimDocument(deps, request.params.id);
      const ascii = doc.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
      return reply
        .type(doc.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-length', doc.blob.size)
        .header('content-disposition', `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(doc.name)}`)
        .send(doc.blob.stream as unknown as string); // Fastify pipes a stream; the schema types the body as text
    },
  );

  app.post(
    '/v1/operator/gs1-prefixes/:id/approve',
    operatorRoute(deps, {
      operationId: 'operatorApproveGs1Prefix',
      tags,
      summary: 'Verify a pending GS1 company prefix claim',
      description:
        "The claim becomes `verified`, as `qrs gs1-prefix verify` makes it: passports under it can be published, others' passports published under it are archived. Recorded in the instance audit log (`gs1_prefix.verified`) and the organization's (`gs1_prefixes.verified`, a system change); the organization's admins are notified in the dashboard and by e-mail. A claim that is not pending, or overlaps a prefix verified for another organization, is a 409.",
      params: ClaimParams,
      response: { 200: One(Gs1PrefixClaimSchema), 409: conflictProblem },
    }),
    async (request) => one(request, await approvePrefixClaim(deps, operatorAt(request), request.params.id)),
  );

  app.post(
    '/v1/operator/gs1-prefixes/:id/reject',
    operatorRoute(deps, {
      operationId: 'operatorRejectGs1Prefix',
      tags,
      summary: 'Reject a pending GS1 company prefix claim, saying why',
      description:
        "The claim becomes `rejected` with the reason, which the organization's admins read in their notification and e-mail; they can submit it again with new evidence. Recorded in the instance audit log (`gs1_prefix.rejected`, with the reason) and the organization's (`gs1_prefixes.rejected`). A claim that is not pending is a 409.",
      params: ClaimParams,
      body: RejectBody,
      response: { 200: One(Gs1PrefixClaimSchema), 409: conflictProblem },
    }),
    async (request) =>
      one(request, await rejectPrefixClaim(deps, operatorAt(request), request.params.id, request.body.reason.trim())),
  );
}
