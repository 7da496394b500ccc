import { problemResponse } from '../../http/openapi.js';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../http/types.js';
import { featurePlugin } from '../../http/plugin.js';
import { principalOf } from '../../http/types.js';
import { List, list, one } from '../../http/envelope.js';
import { qrImageRoutes } from '../code-images/index.js';
import { CreatePassportSchema, PassportSchema, PatchPassportSchema } from './dpp.contract.js';
import { validatePassport } from './dpp.validate.js';
import {
  anyBodyCompiler,
  objectBodyCompiler,
  PassportEnvelope,
  PassportListQuery,
  PassportParams,
  PassportVersionSchema,
  ValidationEnvelope,
  VersionListQuery,
} from './dpp.schemas.js';
import {
  archivePassport,
  createPassport,
  getPassport,
  listPassports,
  patchPassport,
  publishPassport,
  type Saved,
} from './dpp.service.js';
import { listPassportVersions } from './versions.service.js';
import { route } from '../../http/route.js';

const tags = ['dpp'];

const saved = (request: FastifyRequest, s: Saved) => {
  const { meta } = one(request, null);
  return { data: s.passport, meta: { ...meta, warnings: s.warnings } };
};

async function dppRoutes(app: App) {
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

  qrImageRoutes(app, {
    images: app.images,
    path: '/v1/dpp/:id/qr',
    params: PassportParams,
    permission: 'dpp.read',
    tags,
    operationId: 'getPassportQr',
    subject: 'a battery passport',
    description:
      "The symbol holds the passport's GS1 Digital Link URI (`digital_link`), which the resolver sends on to the public page.",
    load: async ({ id }, request) => {
      const passport = await getPassport(deps, principalOf(request), id);
      return {
        payload: passport.digital_link,
        // Black on white whatever the workspace brand: the symbol is a regulatory mark that must scan on a battery label.
        defaults: {},
        fileName: `dpp-${passport.gtin}-${passport.serial}`,
        title:
          passport.data.generalProductInformation?.batteryModel ??
          `Battery passport ${passport.gtin} ${passport.serial}`,
      };
    },
  });
}

export default featurePlugin('dpp-routes', ['images'], dppRoutes);
