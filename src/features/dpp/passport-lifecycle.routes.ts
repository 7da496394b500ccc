import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { List, list } from '../../http/envelope.js';
import { PassportEnvelope, PassportParams, PassportVersionSchema, VersionListQuery } from './dpp.schemas.js';
import { archivePassport, publishPassport } from './dpp.service.js';
import { listPassportVersions } from './versions.service.js';
import { route } from '../../http/route.js';
import { saved, tags } from './passport-routes.shared.js';

/** A passport's versions and its way to the public: publish, archive. */
export function passportLifecycleRoutes(app: App) {
  const deps = app.deps;

  app.get(
    '/v1/dpp/:id/versions',
    route('dpp.read', {
      operationId: 'listPassportVersions',
      tags,
      summary: 'Version history, newest first',
      description: "Every saved version of a passport's data, newest first, paginated by version number.",
      params: PassportParams,
      querystring: VersionListQuery,
      response: { 200: List(PassportVersionSchema) },
    }),
    async (request) =>
      list(request, await listPassportVersions(deps, principalOf(request), request.params.id, request.query)),
  );

  app.post(
    '/v1/dpp/:id/publish',
    route('dpp.publish', {
      operationId: 'publishPassport',
      tags,
      summary: 'Publish a draft: the resolver and the public page serve it',
      description:
        'Only a draft that is valid today (422 otherwise); 409 for a passport that is not a draft, or when another organization already published the same GTIN + serial.',
      params: PassportParams,
      response: { 200: PassportEnvelope },
    }),
    async (request) => saved(request, await publishPassport(deps, principalOf(request), request.params.id)),
  );

  app.post(
    '/v1/dpp/:id/archive',
    route('dpp.publish', {
      operationId: 'archivePassport',
      tags,
      summary: 'Archive a passport: the resolver and the page answer 404 from now on',
      description:
        'Archives a passport: it leaves the public resolver and its page answers 404 from now on; its versions stay. Audited.',
      params: PassportParams,
      response: { 200: PassportEnvelope },
    }),
    async (request) => saved(request, await archivePassport(deps, principalOf(request), request.params.id)),
  );
}
