import { problemResponse } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { List, list, one } from '../../http/envelope.js';
import { CreatePassportSchema, PassportSchema, PatchPassportSchema } from './dpp.contract.js';
import { validatePassport } from './dpp.validate.js';
import {
  anyBodyCompiler,
  objectBodyCompiler,
  PassportEnvelope,
  PassportListQuery,
  PassportParams,
  ValidationEnvelope,
} from './dpp.schemas.js';
import { createPassport, getPassport, listPassports, patchPassport } from './dpp.service.js';
import { route } from '../../http/route.js';
import { saved, tags } from './passport-routes.shared.js';

/** The passports of a workspace: create, validate, list, read, change. */
export function passportsRoutes(app: App) {
  const deps = app.deps;
  const { clock } = deps;

  app.post(
    '/v1/dpp',
    {
      ...route('dpp.write', {
        operationId: 'createPassport',
        tags,
        summary: 'Create a battery passport (draft)',
        description:
          'The body is judged by the passport validator: 422 lists every issue with its pointer and code (400 when an envelope field is missing). A duplicate GTIN + serial in the organization is a 409.',
        body: CreatePassportSchema,
        response: { 201: PassportEnvelope },
      }),
      validatorCompiler: objectBodyCompiler,
    },
    async (request, reply) =>
      reply.code(201).send(saved(request, await createPassport(deps, principalOf(request), request.body))),
  );

  app.post(
    '/v1/dpp/validate',
    {
      ...route('dpp.read', {
        operationId: 'validatePassport',
        tags,
        summary: 'Validate a passport without storing it',
        description:
          'Always 200 with the validator result for any JSON body; only unreadable JSON is a 400, and a body that breaks the input rule (a non-finite or unsafe number, NUL, a lone surrogate) a 422.',
        body: CreatePassportSchema,
        response: { 200: ValidationEnvelope },
      }),
      validatorCompiler: anyBodyCompiler,
    },
    async (request) => one(request, validatePassport(request.body, { now: clock.now() })),
  );

  app.get(
    '/v1/dpp',
    route('dpp.read', {
      operationId: 'listPassports',
      tags,
      summary: 'List passports, newest first',
      description:
        'Cursor-paginated battery passports of the workspace, newest first, filtered by `gtin`, `category`, `battery_status` or `publication_status`.',
      querystring: PassportListQuery,
      response: { 200: List(PassportSchema) },
    }),
    async (request) => list(request, await listPassports(deps, principalOf(request), request.query)),
  );

  app.get(
    '/v1/dpp/:id',
    route('dpp.read', {
      operationId: 'getPassport',
      tags,
      summary: 'One passport',
      description:
        'A passport with its current data, status (draft, published, archived), version and its Digital Link.',
      params: PassportParams,
      response: { 200: PassportEnvelope },
    }),
    async (request) =>
      saved(request, { passport: await getPassport(deps, principalOf(request), request.params.id), warnings: [] }),
  );

  app.patch(
    '/v1/dpp/:id',
    {
      ...route('dpp.write', {
        operationId: 'updatePassport',
        tags,
        summary: 'Change a passport (new version)',
        description:
          '`data` is a JSON merge patch (RFC 7396); the merged passport is validated whole. A change creates a new version; a patch that changes nothing does not. Archived passports cannot change (409).',
        params: PassportParams,
        body: PatchPassportSchema,
        response: {
          200: PassportEnvelope,
          409: problemResponse('The passport is published or archived, or its GTIN and serial are taken', 409),
        },
      }),
      validatorCompiler: objectBodyCompiler,
    },
    async (request) =>
      saved(
        request,
        await patchPassport(deps, principalOf(request), request.params.id, request.body as Record<string, unknown>),
      ),
  );
}
