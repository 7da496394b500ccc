import { Type } from 'typebox';
import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import { AliasParams, CodeAlias, CodeParams } from './codes.schemas.js';
import { route } from '../../http/route.js';
import { PageQuery } from '../../http/pagination.js';
import { deleteAlias, listAliases } from './aliases.service.js';
import { codeDeps, tags } from './code-routes.shared.js';

/** A code's former short codes (aliases): list, delete. */
export function codeAliasesRoutes(app: App) {
  const deps = codeDeps(app);

  app.get(
    '/v1/codes/:id/aliases',
    route('codes.read', {
      operationId: 'listCodeAliases',
      tags,
      summary: "A code's former short codes that still redirect",
      description:
        'Changing `short_code` keeps the old one redirecting to the same code as an alias, so printed codes never break. Newest first.',
      params: CodeParams,
      querystring: Type.Object({ ...PageQuery }, { additionalProperties: false }),
      response: { 200: List(CodeAlias) },
    }),
    async (request) => list(request, await listAliases(deps, principalOf(request), request.params.id, request.query)),
  );

  app.delete(
    '/v1/codes/:id/aliases/:short_code',
    route('codes.write', {
      operationId: 'deleteCodeAlias',
      tags,
      summary: 'Stop a former short code from redirecting',
      description:
        'The alias answers 404 from now on (on every instance), and its short code may be chosen again. Audited as `codes.alias_deleted`.',
      params: AliasParams,
      response: { 200: One(CodeAlias) },
    }),
    async (request) =>
      one(request, await deleteAlias(deps, principalOf(request), request.params.id, request.params.short_code)),
  );
}
