import { Type } from 'typebox';
import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { One, one } from '../../http/envelope.js';
import { Code, CodeBatch, CodeCreate } from './codes.schemas.js';
import { createCodes } from './codes.service.js';
import { route } from '../../http/route.js';
import { CODE_BATCH_EXAMPLE, CODE_CREATE_EXAMPLES } from './codes.examples.js';
import { codeDeps, tags } from './code-routes.shared.js';

/** Creating codes: one, or a batch. */
export function codeCreateRoutes(app: App) {
  const deps = codeDeps(app);

  app.post(
    '/v1/codes',
    route('codes.write', {
      operationId: 'createCode',
      tags,
      summary: 'Create a QR code',
      description:
        'Creates a static code (the QR holds the content) or a dynamic code (the QR holds `short_url`, whose destination can change and whose scans are recorded). URL destinations are stored in WHATWG-normalised form; a destination that points back at this service is a 422 `url_loop`. Send an `Idempotency-Key` to retry safely.',
      // One named example per code type, which the reference offers in a picker (OpenAPI media `examples`).
      body: { ...CodeCreate, 'x-examples': CODE_CREATE_EXAMPLES },
      response: { 201: One(Code) },
    }),
    async (request, reply) => {
      const [code] = await createCodes(deps, principalOf(request), [request.body], () => '');
      return reply.code(201).send(one(request, code));
    },
  );

  app.post(
    '/v1/codes/batch',
    route('codes.write', {
      operationId: 'createCodesBatch',
      tags,
      summary: 'Create up to 1,000 codes, all or nothing',
      description:
        'Every item is validated first; one bad item fails the whole batch and its errors carry pointers like /codes/3/url.',
      body: { ...CodeBatch, examples: [CODE_BATCH_EXAMPLE] },
      response: { 201: One(Type.Array(Code)) },
    }),
    async (request, reply) => {
      const codes = await createCodes(deps, principalOf(request), request.body.codes, (i) => `/codes/${i}`);
      return reply.code(201).send(one(request, codes));
    },
  );
}
