import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import { Code, CodeListQuery, CodeParams } from './codes.schemas.js';
import { getCode, listCodes } from './codes.service.js';
import { route } from '../../http/route.js';
import { codeDeps, tags } from './code-routes.shared.js';

/** Listing codes and reading one. */
export function codeReadRoutes(app: App) {
  const deps = codeDeps(app);

  app.get(
    '/v1/codes',
    route('codes.read', {
      operationId: 'listCodes',
      tags,
      summary: 'List codes, newest first',
      description:
        "Cursor-paginated list of the workspace's codes, newest first, filtered by `type`, `status`, `tag` and a case-insensitive search `q` over title and URL. `meta.pagination.total_count` counts every match.",
      querystring: CodeListQuery,
      response: { 200: List(Code) },
    }),
    async (request) => list(request, await listCodes(deps, principalOf(request), request.query)),
  );

  app.get(
    '/v1/codes/:id',
    route('codes.read', {
      operationId: 'getCode',
      tags,
      summary: 'One code',
      description:
        "A code of the caller's workspace with its destination(s), style, expiry and scan count. Another workspace's code is a 404.",
      params: CodeParams,
      response: { 200: One(Code) },
    }),
    async (request) => one(request, await getCode(deps, principalOf(request), request.params.id)),
  );
}
