import { problemResponse } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import { DOMAINS_CHANGED } from '../../db/invalidation.js';
import { principalOf } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import {
  CreateWorkspaceBody,
  DomainCheck,
  DomainCheckQuery,
  UpdateWorkspaceBody,
  Workspace,
  WorkspaceListQuery,
  WorkspaceParams,
} from './workspaces.schemas.js';
import {
  archiveWorkspace,
  createWorkspace,
  getWorkspace,
  isServedDomain,
  listWorkspaces,
  patchWorkspace,
  verifyCustomDomain,
} from './workspaces.service.js';
import { notFound } from '../../http/errors.js';
import { publicRoute, route } from '../../http/route.js';

const tags = ['workspaces'];

export default async function workspacesRoutes(app: App) {
  const ctx = app.deps;

  app.get(
    '/v1/workspaces',
    route('workspaces.read', {
      operationId: 'listWorkspaces',
      tags,
      summary: 'Workspaces of the current organization',
      description:
        'org_admins and API keys see every workspace of the organization; other users only those they hold a role in.',
      querystring: WorkspaceListQuery,
      response: { 200: List(Workspace) },
    }),
    async (request) => list(request, await listWorkspaces(ctx, principalOf(request), request.query)),
  );

  app.get(
    '/v1/workspaces/:id',
    route('workspaces.read', {
      operationId: 'getWorkspace',
      tags,
      summary: 'One workspace',
      description:
        "A workspace of the caller's organization that the caller may see (an API key sees only its own unless its creator is `org_admin`), with its settings, custom domain state and status.",
      params: WorkspaceParams,
      response: { 200: One(Workspace) },
    }),
    async (request) => one(request, await getWorkspace(ctx, principalOf(request), request.params.id)),
  );

  app.post(
    '/v1/workspaces',
    route('workspaces.create', {
      operationId: 'createWorkspace',
      tags,
      summary: 'Create a workspace (subject to the plan limit)',
      description:
        "Fails with 403 plan-limit-exceeded (body adds `plan` and `limit`) when the plan's active workspaces are used up.",
      body: CreateWorkspaceBody,
      response: { 201: One(Workspace) },
    }),
    async (request, reply) =>
      reply.code(201).send(one(request, await createWorkspace(ctx, principalOf(request), request.body))),
  );

  app.patch(
    '/v1/workspaces/:id',
    route('workspaces.update', {
      operationId: 'updateWorkspace',
      tags,
      summary: 'Update a workspace (org_admin, or ws_admin of that workspace)',
      description:
        'Changes name, slug, description, locale, colour, approval, custom domain, settings, time zone or scan retention. A new custom domain starts unverified with a TXT token; see `POST /v1/workspaces/{id}/domain/verify`.',
      params: WorkspaceParams,
      body: UpdateWorkspaceBody,
      response: { 200: One(Workspace), 409: problemResponse('The slug or custom domain is taken', 409) },
    }),
    async (request) => {
      const ws = await patchWorkspace(ctx, principalOf(request), request.params.id, request.body);
      // A verified domain may have been replaced or cleared: redirects by Host must forget it.
      if (request.body.custom_domain !== undefined) app.deps.invalidation.publish([DOMAINS_CHANGED]);
      return one(request, ws);
    },
  );

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

  app.delete(
    '/v1/workspaces/:id',
    route('workspaces.archive', {
      operationId: 'archiveWorkspace',
      tags,
      summary: 'Archive a workspace (org_admin, or ws_admin of that workspace)',
      description:
        "Answers 200 with the archived workspace. The default workspace and the caller's current workspace answer 409 workspace-protected.",
      params: WorkspaceParams,
      response: {
        200: One(Workspace),
        409: problemResponse(
          "The default workspace and the caller's own workspace cannot be archived (workspace-protected)",
          409,
        ),
      },
    }),
    async (request) => one(request, await archiveWorkspace(ctx, principalOf(request), request.params.id)),
  );
}
