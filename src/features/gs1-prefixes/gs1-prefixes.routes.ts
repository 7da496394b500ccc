import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import { CreateGs1PrefixBody, Gs1Prefix, Gs1PrefixListQuery, Gs1PrefixParams } from './gs1-prefixes.schemas.js';
import { getPrefix, listPrefixes, registerPrefix, removePrefix } from './gs1-prefixes.service.js';
import { route } from '../../http/route.js';

const tags = ['gs1-prefixes'];

export default async function gs1PrefixesRoutes(app: App) {
  const ctx = app.deps;

  app.post(
    '/v1/gs1-prefixes',
    route('gs1_prefixes.manage', {
      operationId: 'createGs1Prefix',
      tags,
      summary: 'Claim a GS1 company prefix for the organization (self-declared)',
      description:
        'org_admin only. The claim is `self_declared` until the operator verifies it (`npm run cli -- gs1-prefix verify`); publishing a passport needs a verified prefix covering its GTIN. A prefix overlapping one verified for another organization is a 422 `owned_elsewhere`; the same prefix twice is a 422 `taken`.',
      body: CreateGs1PrefixBody,
      response: { 201: One(Gs1Prefix) },
    }),
    async (request, reply) =>
      reply.code(201).send(one(request, await registerPrefix(ctx, principalOf(request), request.body))),
  );

  app.get(
    '/v1/gs1-prefixes',
    route('gs1_prefixes.read', {
      operationId: 'listGs1Prefixes',
      tags,
      summary: 'GS1 company prefixes of the organization',
      description: 'Newest first; self-declared and verified ones.',
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
