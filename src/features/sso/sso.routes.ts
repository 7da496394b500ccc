import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { One, one } from '../../http/envelope.js';
import { publicRoute, route } from '../../http/route.js';
import { problemResponse } from '../../http/openapi.js';
import { AppError } from '../../http/errors.js';
import { SESSION_COOKIE } from '../../http/auth.js';
import { prefersHtml } from '../../http/problem.js';
import { sessionCookieOptions } from '../accounts/index.js';
import { SsoCallbackQuery, SsoConnection, SsoConnectionPut, SsoParams, SsoStartQuery } from './sso.schemas.js';
import { deleteSso, getSso, putSso } from './sso.service.js';
import { SSO_LOGIN_TTL_MS, finishSignIn, startSignIn } from './sso.signin.js';
import { providerCache } from './sso.provider.js';

const tags = ['organizations'];
/** The browser's half of a sign-in under way: its state, checked against the callback's. */
const STATE_COOKIE = 'qrs_sso_state';
const redirect302 = (description: string) => ({ 302: { description, type: 'null' } });

/**
 * A person's browser that failed gets the sign-in page with the problem's type, in the dashboard's
 * words; an API client keeps the problem document.
 */
function failedSignIn(request: FastifyRequest, reply: FastifyReply, err: unknown) {
  if (!(err instanceof AppError) || !prefersHtml(request.headers.accept)) throw err;
  const reason = typeof err.extra.reason === 'string' ? `&reason=${encodeURIComponent(err.extra.reason)}` : '';
  return reply.redirect(`/login?sso_error=${encodeURIComponent(err.type)}${reason}`, 302);
}

/** Single sign-on with OpenID Connect (docs/decisions.md D80): the org_admin's connection, and the sign-in. */
export default async function ssoRoutes(app: App) {
  const ctx = { ...app.deps, configurationOf: providerCache() };
  const { baseUrl } = ctx.config;
  const secure = baseUrl.startsWith('https://');

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

  app.get(
    '/auth/sso/start',
    publicRoute(
      'starts a sign-in, before anyone is signed in',
      {
        operationId: 'startSso',
        tags: ['auth'],
        security: [],
        summary: "Start signing in through an organization's identity provider",
        description:
          "302 to the provider's authorization endpoint with state, nonce and a PKCE challenge (S256); the verifier stays on the server for ten minutes, the state also in a cookie of this browser. `organization` is the slug (or id); one without single sign-on is a 404. A browser that fails is sent to `/login?sso_error=<type>`.",
        querystring: SsoStartQuery,
        response: {
          ...redirect302("To the identity provider's sign-in"),
          404: problemResponse('The organization does not exist or has no single sign-on'),
          401: problemResponse('`sso-failed`: the identity provider cannot be reached'),
        },
      },
      { rateLimit: 'anonymous' },
    ),
    async (request, reply) => {
      try {
        const { url, state } = await startSignIn(ctx, request.query.organization);
        reply.setCookie(STATE_COOKIE, state, {
          httpOnly: true,
          sameSite: 'lax',
          secure,
          path: '/auth/sso/',
          maxAge: SSO_LOGIN_TTL_MS / 1000,
        });
        return reply.redirect(url, 302);
      } catch (err) {
        return failedSignIn(request, reply, err);
      }
    },
  );

  app.get(
    '/auth/sso/callback',
    publicRoute(
      'the identity provider sends the browser back here',
      {
        operationId: 'finishSso',
        tags: ['auth'],
        security: [],
        summary: 'Where the identity provider sends the browser back; starts a session',
        description:
          "Takes the sign-in of `state` once (it must equal this browser's state cookie), exchanges `code` with the PKCE verifier and checks the ID token (signature by the provider's keys, issuer, audience, expiry, nonce) with openid-client. A first sign-in creates the user from the verified `email` claim, or links the user with that address when the provider says `email_verified`, and makes it a member with the mapped role. Sets the session cookie like `POST /auth/login` (qrs's two-factor code is not asked: the provider authenticates) and answers 302 to the dashboard. Anything refused is a 401 `sso-failed` with `reason` and nothing written; a browser is sent to `/login?sso_error=<type>&reason=<reason>`.",
        querystring: SsoCallbackQuery,
        response: {
          ...redirect302('Signed in: to the dashboard, the session cookie set'),
          401: problemResponse('`sso-failed`: the sign-in or its ID token was refused'),
          403: problemResponse('`suspended`: the account or the organization is suspended'),
        },
      },
      { rateLimit: 'anonymous' },
    ),
    async (request, reply) => {
      reply.clearCookie(STATE_COOKIE, { path: '/auth/sso/' });
      try {
        const { session, organizationId } = await finishSignIn(ctx, {
          query: request.query,
          cookieState: request.cookies[STATE_COOKIE],
          url: new URL(request.url, baseUrl),
          requestId: request.id,
        });
        reply.setCookie(SESSION_COOKIE, session.token, sessionCookieOptions(baseUrl, session.expiresAt));
        return reply.redirect(`/?organization=${encodeURIComponent(organizationId)}`, 302);
      } catch (err) {
        return failedSignIn(request, reply, err);
      }
    },
  );
}
