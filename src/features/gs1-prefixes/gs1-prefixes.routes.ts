import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import {
  CreateGs1PrefixBody,
  EvidenceInput,
  Gs1Prefix,
  Gs1PrefixListQuery,
  Gs1PrefixParams,
} from './gs1-prefixes.schemas.js';
import { getPrefix, listPrefixes, registerPrefix, removePrefix, submitEvidence } from './gs1-prefixes.service.js';
import { route } from '../../http/route.js';

const tags = ['gs1-prefixes'];

export default async function gs1PrefixesRoutes(app: App) {
  const ctx = app.deps;
  // A licence document travels in base64 (4/3 of its bytes), as uploads do (files.routes.ts).
  const bodyLimit = Math.ceil((ctx.config.storage.maxFileBytes * 4) / 3) + 64 * 1024;
  const evidenceText =
    'The evidence is the GS1 licence document (`file`: PDF, PNG or JPEG in base64, its type matching its first bytes, at most FILE_MAX_BYTES, within the storage quota: 403 plan-limit-exceeded past it) or the GEPIR record found (`gepir_url` and/or `gepir_text`). A refused document stores nothing.';

  app.post(
    '/v1/gs1-prefixes',
    {
      ...route('gs1_prefixes.manage', {
        operationId: 'createGs1Prefix',
        tags,
        summary: 'Claim a GS1 company prefix for the organization, with evidence',
        description: `org_admin only. With \`evidence\` the claim is \`pending\` until an operator verifies or rejects it (the operator's console, or \`npm run cli -- gs1-prefix verify\`); without, it is \`self_declared\`, which no operator reviews until evidence is submitted (POST /v1/gs1-prefixes/{id}/evidence). Publishing a passport needs a verified prefix covering its GTIN. ${evidenceText} A prefix overlapping one verified for another organization is a 422 \`owned_elsewhere\`; the same prefix twice is a 422 \`taken\`.`,
        body: CreateGs1PrefixBody,
        response: { 201: One(Gs1Prefix) },
      }),
      bodyLimit,
    },
    async (request, reply) =>
      reply.code(201).send(one(request, await registerPrefix(ctx, principalOf(request), request.body))),
  );

  app.post(
    '/v1/gs1-prefixes/:id/evidence',
    {
      ...route('gs1_prefixes.manage', {
        operationId: 'submitGs1PrefixEvidence',
        tags,
        summary: 'Submit evidence for a claim, or submit a rejected one again',
        description: `org_admin only. A \`self_declared\`, \`rejected\` or \`pending\` claim becomes \`pending\` with this evidence, replacing what it had, and waits for an operator; a verified one is a 409. ${evidenceText}`,
        params: Gs1PrefixParams,
        body: {
          ...EvidenceInput,
          examples: [
            {
              gepir_url: 'https://gepir.gs1.org/index.php/search-by-gtin',
              gepir_text: 'GS1 company prefix 4012345 licensed to Voltaris Batteries GmbH',
            },
          ],
        },
        response: { 200: One(Gs1Prefix) },
      }),
      bodyLimit,
    },
    async (request) => one(request, await submitEvidence(ctx, principalOf(request), request.params.id, request.body)),
  );

  app.get(
    '/v1/gs1-prefixes',
    route('gs1_prefixes.read', {
      operationId: 'listGs1Prefixes',
      tags,
      summary: 'GS1 company prefixes of the organization',
      description: 'Newest first, in every status, with the evidence submitted and a rejection’s reason.',
      querystring: Gs1PrefixListQuery,
      response: { 200: List(Gs1Prefix) },
    }),
    async (request) => list(request, await listPrefixes(ctx, principalOf(request), request.query)),
  );

  app.get(
    '/v1/gs1-prefixes/:id',
    route('gs1_prefixes.read', {
      operationId: 'getGs1Prefix',
      tags,
      summary: 'One GS1 company prefix',
      description: "Another organization's prefix is a 404.",
      params: Gs1PrefixParams,
      response: { 200: One(Gs1Prefix) },
    }),
    async (request) => one(request, await getPrefix(ctx, principalOf(request), request.params.id)),
  );

  app.delete(
    '/v1/gs1-prefixes/:id',
    route('gs1_prefixes.manage', {
      operationId: 'deleteGs1Prefix',
      tags,
      summary: 'Give up a GS1 company prefix (200 with `status: "removed"`)',
      description:
        'org_admin only. Published passports whose GTIN only this prefix covered stop resolving (404) until a prefix covering them is verified again.',
      params: Gs1PrefixParams,
      response: { 200: One(Gs1Prefix) },
    }),
    async (request) => one(request, await removePrefix(ctx, principalOf(request), request.params.id)),
  );
}
