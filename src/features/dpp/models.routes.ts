// /v1/dpp-models: model passports, the GTIN level of the resolver (docs/dpp.md, "Model passports").
import type { FastifyRequest } from 'fastify';
import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { List, list, one } from '../../http/envelope.js';
import { problemResponse } from '../../http/openapi.js';
import { route } from '../../http/route.js';
import { objectBodyCompiler } from './dpp.schemas.js';
import {
  archiveModel,
  createModel,
  getModel,
  listModels,
  patchModel,
  publishModel,
  type SavedModel,
} from './models.service.js';
import {
  CreateModelSchema,
  ModelEnvelope,
  ModelListQuery,
  ModelParams,
  ModelSchema,
  PatchModelSchema,
} from './models.schemas.js';

const tags = ['dpp'];

const saved = (request: FastifyRequest, s: SavedModel) => {
  const { meta } = one(request, null);
  return { data: s.model, meta: { ...meta, warnings: s.warnings } };
};

export default async function modelRoutes(app: App) {
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
