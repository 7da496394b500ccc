import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { One, one } from '../../http/envelope.js';
import { Code, CodeParams, CodeUpdate } from './codes.schemas.js';
import { deleteCode, updateCodeFields } from './codes.service.js';
import { route } from '../../http/route.js';
import { CODE_UPDATE_EXAMPLE } from './codes.examples.js';
import { codeDeps, tags } from './code-routes.shared.js';

/** Changing a code and deleting it. */
export function codeEditRoutes(app: App) {
  const deps = codeDeps(app);

  app.patch(
    '/v1/codes/:id',
    route('codes.write', {
      operationId: 'updateCode',
      tags,
      summary: 'Change a code',
      description:
        'Partial update: destination, A/B destinations, expiry, fallback, style, tags or status (pause and resume). The redirect uses the new values at once, on every instance. Each change is audited.',
      params: CodeParams,
      body: { ...CodeUpdate, examples: [CODE_UPDATE_EXAMPLE] },
      response: { 200: One(Code) },
    }),
    async (request) =>
      one(request, await updateCodeFields(deps, principalOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/v1/codes/:id',
    route('codes.delete', {
      operationId: 'deleteCode',
      tags,
      summary: 'Delete a code (soft); its short URL answers 410',
      description:
        "Soft-deletes the code: it leaves lists, its short URL answers the 410 page (or redirects to `fallback_url`), and its scans stay for analytics. Answers 200 with the code's final state.",
      params: CodeParams,
      response: { 200: One(Code) },
    }),
    async (request) => one(request, await deleteCode(deps, principalOf(request), request.params.id)),
  );
}
