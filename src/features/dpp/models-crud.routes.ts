import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { List, list } from '../../http/envelope.js';
import { problemResponse } from '../../http/openapi.js';
import { route } from '../../http/route.js';
import { objectBodyCompiler } from './dpp.schemas.js';
import { createModel, getModel, listModels, patchModel } from './models.service.js';
import {
  CreateModelSchema,
  ModelEnvelope,
  ModelListQuery,
  ModelParams,
  ModelSchema,
  PatchModelSchema,
} from './models.schemas.js';
import { saved, tags } from './model-routes.shared.js';

/** Model passports: create, list, read, change. */
export function modelsCrudRoutes(app: App) {
  const deps = app.deps;

  app.post(
    '/v1/dpp-models',
    {
      ...route('dpp.write', {
        operationId: 'createModelPassport',
        tags,
        summary: 'Create a model passport (draft)',
        description:
          'The public data every battery of one GTIN shares, served by the resolver at /01/{gtin} once published. Every value rule of the passport validator applies (422 with pointers and codes); restricted attributes are `access.not_public`. One live model passport per GTIN in the organization (409).',
        body: CreateModelSchema,
        response: { 201: ModelEnvelope, 409: problemResponse('A live model passport for this GTIN exists', 409) },
      }),
      validatorCompiler: objectBodyCompiler,
    },
    async (request, reply) =>
      reply.code(201).send(saved(request, await createModel(deps, principalOf(request), request.body))),
  );

  app.get(
    '/v1/dpp-models',
    route('dpp.read', {
      operationId: 'listModelPassports',
      tags,
      summary: 'List model passports, newest first',
      description: 'Cursor-paginated model passports of the workspace, filtered by `gtin` or `publication_status`.',
      querystring: ModelListQuery,
      response: { 200: List(ModelSchema) },
    }),
    async (request) => list(request, await listModels(deps, principalOf(request), request.query)),
  );

  app.get(
    '/v1/dpp-models/:id',
    route('dpp.read', {
      operationId: 'getModelPassport',
      tags,
      summary: 'One model passport',
      description: 'A model passport with its data, status, version and GTIN-level Digital Link.',
      params: ModelParams,
      response: { 200: ModelEnvelope },
    }),
    async (request) =>
      saved(request, { model: await getModel(deps, principalOf(request), request.params.id), warnings: [] }),
  );

  app.patch(
    '/v1/dpp-models/:id',
    {
      ...route('dpp.write', {
        operationId: 'updateModelPassport',
        tags,
        summary: 'Change a model passport (new version)',
        description:
          '`data` is a JSON merge patch (RFC 7396); the merged data is validated whole. Archived model passports cannot change (409).',
        params: ModelParams,
        body: PatchModelSchema,
        response: { 200: ModelEnvelope, 409: problemResponse('The model passport is archived', 409) },
      }),
      validatorCompiler: objectBodyCompiler,
    },
    async (request) =>
      saved(
        request,
        await patchModel(deps, principalOf(request), request.params.id, request.body as Record<string, unknown>),
      ),
  );
}
