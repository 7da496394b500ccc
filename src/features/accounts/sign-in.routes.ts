import type { App } from '../../http/types.js';
import { One, one } from '../../http/envelope.js';
import { SESSION_COOKIE } from '../../http/auth.js';
import { sessionRoute } from '../../http/route.js';
import { LoginBody, LoginResult, LogoutResult, SignupBody, SignupResult } from './auth.schemas.js';
import { login, logout, signup } from './auth.service.js';
import { sessionCookieOptions } from './sessions.service.js';
import { cookieAuth, noSession, problem, tags } from './account-routes.shared.js';
import type { SignupInvitations } from './signup-invitations.js';
import type { SignInPolicy } from './sign-in-policy.js';

/** Signing up, in and out: the routes that start and end a session (docs/accounts.md). */
export function signInRoutes(app: App, opts: { invitations: SignupInvitations; signIn: SignInPolicy }) {
  const ctx = app.deps;
  const { baseUrl } = ctx.config;

  app.post(
    '/auth/signup',
    sessionRoute({
      operationId: 'signup',
      tags,
      security: [],
      summary:
        'Create a user, and an organization on the default plan with its default workspace (or join the organization of an invitation link); starts a session',
      description:
        "The organization gets the server's default plan (DEFAULT_PLAN: unless the operator set another, Enterprise without billing and Free with it). The user becomes org_admin. Sets the `qrs_session` cookie (HttpOnly, SameSite=Lax). `org_slug` defaults to one derived from `org_name`. " +
        'With `invitation_token` (the `token` of an e-mailed invitation link, see `GET /auth/invitations/preview`) no organization is created: `email` must be the invited address, `org_name` and `org_slug` must be absent, and the new user joins the inviting organization with the invited roles, the address verified; `organization` and `workspace` of the answer are the inviting organization and the first invited workspace. Nothing is written when any of it fails.',
      body: SignupBody,
      response: {
        201: One(SignupResult),
        409: problem(
          'From an invitation link: the invitation is no longer pending (expired, revoked, declined, accepted, or replaced by a newer one)',
        ),
      },
    }),
    async (request, reply) => {
      const { session, data } = await signup(
        { ...ctx, invitations: opts.invitations },
        request.body,
        request.id,
        request.headers['accept-language'],
      );
      reply.setCookie(SESSION_COOKIE, session.token, sessionCookieOptions(baseUrl, session.expiresAt));
      return reply.code(201).send(one(request, data));
    },
  );

  app.post(
    '/auth/login',
    sessionRoute({
      operationId: 'login',
      tags,
      security: [],
      summary: 'Log in with e-mail and password; sets the session cookie',
      description:
        'Returns `csrf_token`, to be sent as `X-CSRF-Token` on every cookie-authenticated request other than GET/HEAD. ' +
        'After 5 failed attempts for one e-mail address (or 20 from one IP address) within 15 minutes the answer is 429 with `Retry-After`. ' +
        'With two-factor sign-in on, the right password without `code` is a 401 `two-factor-required` and starts no session; send the login again with `code` (a wrong code counts as a failed attempt). ' +
        "Wrong codes also spend the account's own budget of 10 a day, from any address: past it, a 429 until the day (UTC) ends or the password changes, and the holder gets one notice e-mail.",
      body: LoginBody,
      response: {
        200: One(LoginResult),
        401: problem('Wrong e-mail address or password'),
        403: problem(
          "`suspended`: the server's operator disabled the account, or suspended every organization it belongs to; `sso-required`: an organization of the account requires single sign-on (both said only after the right password)",
        ),
        429: problem('Too many failed logins; see Retry-After'),
      },
    }),
    async (request, reply) => {
      const { session, data } = await login(ctx, request.body, request.ip, opts.signIn);
      reply.setCookie(SESSION_COOKIE, session.token, sessionCookieOptions(baseUrl, session.expiresAt));
      return one(request, data);
    },
  );

  app.post(
    '/auth/logout',
    sessionRoute({
      operationId: 'logout',
      tags,
      security: cookieAuth,
      summary: 'End the current session (needs X-CSRF-Token)',
      description:
        'Ends the session of the cookie and clears it. Like every cookie-authenticated write, it needs the `X-CSRF-Token` from login or `GET /auth/me`.',
      response: { 200: One(LogoutResult), 401: noSession, 403: problem('X-CSRF-Token missing or wrong') },
    }),
    async (request, reply) => {
      await logout(ctx, request.cookies[SESSION_COOKIE], request.headers['x-csrf-token']);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return one(request, { logged_out: true });
    },
  );
}
