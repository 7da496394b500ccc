import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { problemResponse } from '../../http/openapi.js';
import { route } from '../../http/route.js';
import { archiveModel, publishModel } from './models.service.js';
import { ModelEnvelope, ModelParams } from './models.schemas.js';
import { saved, tags } from './model-routes.shared.js';

/** A model passport's way to the public: publish, archive. */
export function modelLifecycleRoutes(app: App) {
  const deps = app.deps;

  app.post(
    '/v1/dpp-models/:id/publish',
    route('dpp.publish', {
      operationId: 'publishModelPassport',
      tags,
      summary: 'Publish a model passport: the resolver serves it at the GTIN level',
      description:
        'Only a valid draft, and only with a verified GS1 company prefix covering the GTIN (422 `gs1.prefix_unverified`); 409 when not a draft or when another organization already published this GTIN.',
      params: ModelParams,
      response: { 200: ModelEnvelope, 409: problemResponse('Not a draft, or the GTIN is published elsewhere', 409) },
    }),
    async (request) => saved(request, await publishModel(deps, principalOf(request), request.params.id)),
  );

  app.post(
    '/v1/dpp-models/:id/archive',
    route('dpp.publish', {
      operationId: 'archiveModelPassport',
      tags,
      summary: 'Archive a model passport: the GTIN level leaves the resolver',
      description: 'Draft or published → archived, for good. Audited.',
      params: ModelParams,
      response: { 200: ModelEnvelope, 409: problemResponse('Already archived', 409) },
    }),
    async (request) => saved(request, await archiveModel(deps, principalOf(request), request.params.id)),
  );
}
