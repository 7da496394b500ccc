import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { One, one } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { ServiceDeps } from '../../platform/deps.js';
import { SsoConnection, SsoConnectionPut, SsoParams } from './sso.schemas.js';
import { deleteSso, getSso, putSso } from './sso.service.js';
import type { ConfigurationOf } from './sso.provider.js';

const tags = ['organizations'];

/** The org_admin's connection to the identity provider: read, set up or change, remove. */
export function ssoConnectionRoutes(app: App, ctx: ServiceDeps<'hostResolver'> & { configurationOf: ConfigurationOf }) {
  app.get(
    '/v1/organizations/:id/sso',
    route('sso.manage', {
      operationId: 'getOrganizationSso',
      tags,
      summary: "The organization's single sign-on connection (org_admin)",
      description:
        'The OpenID Connect provider, claim-to-role mappings and whether members must use it. The client secret is never returned (`client_secret_set`). 404 while none is set up, and for another organization.',
      params: SsoParams,
      response: { 200: One(SsoConnection) },
    }),
    async (request) => one(request, await getSso(ctx, principalOf(request), request.params.id)),
  );

  app.put(
    '/v1/organizations/:id/sso',
    route('sso.manage', {
      operationId: 'putOrganizationSso',
      tags,
      summary: 'Set up or change single sign-on with OpenID Connect (org_admin)',
      description:
        "Register `redirect_uri` of the answer (`<BASE_URL>/auth/sso/callback`) at the provider. The issuer's discovery document is read when saved (422 `issuer_unreachable` at `/issuer`); the issuer is https on a public address unless SSO_ALLOW_INSECURE_ISSUERS. `client_secret` is sealed at rest and write-only. A first sign-in creates the member with the role its `role_claim` maps to (`role_mappings`, the most rights winning) or `default_role`. `required: true` refuses password sign-in and reset to the members (403 `sso-required`) and needs the acting admin to have signed in through the provider once. Audited without the secret.",
      params: SsoParams,
      body: {
        ...SsoConnectionPut,
        examples: [
          {
            issuer: 'https://acme.okta.com',
            client_id: '0oa1b2c3d4',
            client_secret: 'provider-issued-secret',
            role_claim: 'groups',
            role_mappings: [{ value: 'qrs-admins', role: 'org_admin' }],
            default_role: 'viewer',
          },
        ],
      },
      response: { 200: One(SsoConnection) },
    }),
    async (request) => one(request, await putSso(ctx, principalOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/v1/organizations/:id/sso',
    route('sso.manage', {
      operationId: 'deleteOrganizationSso',
      tags,
      summary: 'Remove single sign-on (org_admin)',
      description:
        'Members sign in with passwords again (those created by single sign-on set one with a password reset). Links between provider accounts and users go too. Audited.',
      params: SsoParams,
      response: { 200: One(SsoConnection) },
    }),
    async (request) => one(request, await deleteSso(ctx, principalOf(request), request.params.id)),
  );
}
