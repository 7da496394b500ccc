import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { assertEmailVerified } from '../accounts/index.js';
import { BrandListQuery, IdParams, Logo, LogoCreate } from './brand.schemas.js';
import { createLogo, deleteLogo, getLogo, listLogos, logoFile } from './brand.service.js';
import { Type } from 'typebox';
import { tags } from './brand-routes.shared.js';

/** The workspace's logos: upload, list, read, the image, delete. `images` comes from the plugin that declares its provider (docs/decisions.md D68). */
export function logosRoutes(app: App, images: App['images']) {
  const deps = app.deps;

  app.post(
    '/v1/logos',
    route('codes.write', {
      operationId: 'createLogo',
      tags,
      summary: 'Upload a logo',
      description:
        'Stores a PNG or SVG logo in the workspace for codes and brand kits to use (style.logo_id). The file is sent base64 in JSON. An SVG is sanitised before it is stored; a file that fails a check is a 422 with a pointer, and nothing is stored. Past the plan’s logos or storage quota (GET /v1/organizations/usage, `storage`): 403 plan-limit-exceeded, the body adding `plan`, `limit` and `meter`, and nothing is stored. Audited.',
      body: LogoCreate,
      response: { 201: One(Logo) },
    }),
    async (request, reply) => {
      await assertEmailVerified(deps, deps.db, principalOf(request).userId); // docs/decisions.md D56
      return reply
        .code(201)
        .send(one(request, await createLogo({ ...deps, images }, principalOf(request), request.body)));
    },
  );

  app.get(
    '/v1/logos',
    route('codes.read', {
      operationId: 'listLogos',
      tags,
      summary: "The workspace's logos, newest first",
      description: 'Cursor-paginated logos of the workspace (without their files; see GET /v1/logos/{id}/image).',
      querystring: BrandListQuery,
      response: { 200: List(Logo) },
    }),
    async (request) => list(request, await listLogos(deps, principalOf(request), request.query)),
  );

  app.get(
    '/v1/logos/:id',
    route('codes.read', {
      operationId: 'getLogo',
      tags,
      summary: 'One logo',
      description: "A logo of the workspace; another workspace's is a 404.",
      params: IdParams,
      response: { 200: One(Logo) },
    }),
    async (request) => one(request, await getLogo(deps, principalOf(request), request.params.id)),
  );

  app.get(
    '/v1/logos/:id/image',
    route('codes.read', {
      operationId: 'getLogoImage',
      tags,
      summary: 'The stored logo file',
      description:
        'The sanitised file as stored, served with a Content-Security-Policy that forbids scripts and loads, so even a browser opening it directly runs nothing.',
      params: IdParams,
      response: {
        200: {
          description: 'The logo',
          content: {
            'image/png': { schema: Type.String({ contentEncoding: 'binary' }) },
            'image/svg+xml': { schema: Type.String() },
          },
        },
      },
    }),
    async (request, reply) => {
      const file = await logoFile(deps, principalOf(request), request.params.id);
      return reply
        .type(file.contentType)
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=300')
        .send(file.data as unknown as string);
    },
  );

  app.delete(
    '/v1/logos/:id',
    route('codes.write', {
      operationId: 'deleteLogo',
      tags,
      summary: 'Remove a logo from the library',
      description:
        'The logo leaves the list and can no longer be chosen; codes and brand kits that already use it keep drawing it, so a printed design never changes. Audited.',
      params: IdParams,
      response: { 200: One(Logo) },
    }),
    async (request) => one(request, await deleteLogo(deps, principalOf(request), request.params.id)),
  );
}
