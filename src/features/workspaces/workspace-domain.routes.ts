import { problemResponse } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import { DOMAINS_CHANGED } from '../../db/invalidation.js';
import { principalOf } from '../../http/types.js';
import { One, one } from '../../http/envelope.js';
import { DomainCheck, DomainCheckQuery, Workspace, WorkspaceParams } from './workspaces.schemas.js';
import { isServedDomain, verifyCustomDomain } from './workspaces.service.js';
import { notFound } from '../../http/errors.js';
import { publicRoute, route } from '../../http/route.js';
import { tags } from './workspace-routes.shared.js';

/** A workspace's custom domain: its verification, and the check a reverse proxy asks before it issues a certificate. */
export function workspaceDomainRoutes(app: App) {
  const ctx = app.deps;

  app.post(
    '/v1/workspaces/:id/domain/verify',
    route('workspaces.update', {
      operationId: 'verifyWorkspaceDomain',
      tags,
      summary: "Verify the workspace's custom domain by its DNS TXT record",
      description:
        'Looks up the TXT record named in `custom_domain_verification` (`_qrs-challenge.<domain>`, value `qrs-verify=<token>`). ' +
        'Answers 200 with the verified workspace (already verified: the same, unchanged). 422 `dns_txt_missing` at `/custom_domain` when the record is not found, ' +
        '`taken` when another workspace verified the domain first, `required` when no custom domain is set. Who may PATCH the workspace may verify it.',
      params: WorkspaceParams,
      response: {
        200: One(Workspace),
        409: problemResponse('The workspace is archived, or its custom domain changed during verification', 409),
      },
    }),
    async (request) => {
      const { workspace, changed } = await verifyCustomDomain(ctx, principalOf(request), request.params.id);
      if (changed) app.deps.invalidation.publish([DOMAINS_CHANGED]);
      return one(request, workspace);
    },
  );

  app.get(
    '/.well-known/qrs/domain-check',
    publicRoute(
      'asked by the TLS proxy before it requests a certificate for a host name',
      {
        operationId: 'checkCustomDomain',
        tags,
        summary: "Whether this service answers on a host name (for a TLS proxy's on-demand certificates)",
        description:
          "For Caddy's `on_demand_tls { ask … }`: 200 when `domain` is BASE_URL's host or a verified custom domain, 404 otherwise. Reveals only what DNS already shows.",
        querystring: DomainCheckQuery,
        response: { 200: DomainCheck, 404: problemResponse('Not a domain this service answers on', 404) },
      },
      { rateLimit: 'public' },
    ),
    async (request) => {
      if (!(await isServedDomain(ctx, request.query.domain))) throw notFound('Domain');
      return { domain: request.query.domain.trim().toLowerCase() };
    },
  );
}
