import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../http/types.js';
import { publicRoute } from '../../http/route.js';
import { problemResponse } from '../../http/openapi.js';
import { AppError } from '../../http/errors.js';
import { SESSION_COOKIE } from '../../http/auth.js';
import { prefersHtml } from '../../http/problem.js';
import type { ServiceDeps } from '../../platform/deps.js';
import { sessionCookieOptions } from '../accounts/index.js';
import { SsoCallbackQuery, SsoStartQuery } from './sso.schemas.js';
import { SSO_LOGIN_TTL_MS, finishSignIn, startSignIn } from './sso.signin.js';
import type { ConfigurationOf } from './sso.provider.js';

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

/** Signing in through the provider: the start (to the provider) and the callback (a session). */
export function ssoSignInRoutes(app: App, ctx: ServiceDeps & { configurationOf: ConfigurationOf }) {
  const { baseUrl } = ctx.config;
  const secure = baseUrl.startsWith('https://');

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
