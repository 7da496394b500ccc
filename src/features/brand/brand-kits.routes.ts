import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { BrandKit, BrandKitCreate, BrandKitUpdate, BrandListQuery, IdParams } from './brand.schemas.js';
import { createKit, getKit, listKits, updateKitFields } from './brand.service.js';
import { tags } from './brand-routes.shared.js';

/** Brand kits: create, list, read, change, delete. */
export function brandKitsRoutes(app: App) {
  const deps = app.deps;

  app.post(
    '/v1/brand-kits',
    route('codes.write', {
      operationId: 'createBrandKit',
      tags,
      summary: 'Create a brand kit',
      description:
        'A named design preset (colours, shapes, logo, frame). A code takes it with style.brand_kit_id; its own style fields win over the kit. Audited.',
      body: BrandKitCreate,
      response: { 201: One(BrandKit) },
    }),
    async (request, reply) =>
      reply.code(201).send(one(request, await createKit(deps, principalOf(request), request.body))),
  );

  app.get(
    '/v1/brand-kits',
    route('codes.read', {
      operationId: 'listBrandKits',
      tags,
      summary: "The workspace's brand kits, newest first",
      description: 'Cursor-paginated brand kits of the workspace.',
      querystring: BrandListQuery,
      response: { 200: List(BrandKit) },
    }),
    async (request) => list(request, await listKits(deps, principalOf(request), request.query)),
  );

  app.get(
    '/v1/brand-kits/:id',
    route('codes.read', {
      operationId: 'getBrandKit',
      tags,
      summary: 'One brand kit',
      description: "A brand kit of the workspace; another workspace's is a 404.",
      params: IdParams,
      response: { 200: One(BrandKit) },
    }),
    async (request) => one(request, await getKit(deps, principalOf(request), request.params.id)),
  );

  app.patch(
    '/v1/brand-kits/:id',
    route('codes.write', {
      operationId: 'updateBrandKit',
      tags,
      summary: 'Change a brand kit',
      description:
        'Renames the kit or replaces its style. The kit is live: every code that takes it draws with the new style from then on. Audited.',
      params: IdParams,
      body: BrandKitUpdate,
      response: { 200: One(BrandKit) },
    }),
    async (request) => one(request, await updateKitFields(deps, principalOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/v1/brand-kits/:id',
    route('codes.write', {
      operationId: 'deleteBrandKit',
      tags,
      summary: 'Delete a brand kit',
      description:
        'The kit leaves the list and can no longer be chosen; codes that take it keep drawing with its last style. Audited.',
      params: IdParams,
      response: { 200: One(BrandKit) },
    }),
    async (request) =>
      one(request, await updateKitFields(deps, principalOf(request), request.params.id, { deleted: true })),
  );
}
