import type { App } from '../../http/types.js';
import { One, one } from '../../http/envelope.js';
import { SESSION_COOKIE } from '../../http/auth.js';
import {
  ChangePasswordBody,
  LoginBody,
  LoginResult,
  LogoutResult,
  Me,
  PasswordChanged,
  SignupBody,
  SignupResult,
  UpdateMeBody,
  User,
} from './auth.schemas.js';
import { updateMe } from './profile.service.js';
import { changePassword, login, logout, me, signup } from './auth.service.js';
import { sessionCookieOptions } from './sessions.service.js';
import { sessionRoute } from '../../http/route.js';
import type { SignupInvitations } from './signup-invitations.js';
import type { SignInPolicy } from './sign-in-policy.js';

const tags = ['auth'];
// sessionRoute: these routes read the cookie themselves (see auth.service); the anonymous per-IP budget applies.
const cookieAuth = [{ session: [] }];
// The automatic error responses cover authenticated routes only; these read the cookie themselves.
const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } },
});
const noSession = problem('No session, or it expired');

/**
 * `invitations`: sign-up from an invitation link, implemented by the invitations feature (signup-invitations.ts);
 * `signIn`: whether a password may sign in, implemented by the sso feature (sign-in-policy.ts).
 */
export default async function authRoutes(app: App, opts: { invitations: SignupInvitations; signIn: SignInPolicy }) {
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

  app.post(
    '/auth/password',
    sessionRoute({
      operationId: 'changePassword',
      tags,
      security: cookieAuth,
      summary: "Change the session user's password (needs X-CSRF-Token)",
      description:
        'Requires the current password; wrong ones count towards login throttling (429). Ends every other session of the user.',
      body: ChangePasswordBody,
      response: {
        200: One(PasswordChanged),
        401: noSession,
        403: problem('X-CSRF-Token missing or wrong'),
        429: problem('Too many failed attempts; see Retry-After'),
      },
    }),
    async (request) => {
      const ended = await changePassword(
        ctx,
        request.cookies[SESSION_COOKIE],
        request.headers['x-csrf-token'],
        request.body,
        request.ip,
      );
      return one(request, { password_changed: true, other_sessions_ended: ended });
    },
  );

  app.get(
    '/auth/me',
    sessionRoute({
      operationId: 'getMe',
      tags,
      security: cookieAuth,
      summary: 'The session user, its organizations and workspaces with roles, and the CSRF token',
      description:
        'Who is signed in: the user, every organization and workspace they hold a role in, and the CSRF token that cookie-authenticated writes must send as `X-CSRF-Token`.',
      response: { 200: One(Me), 401: noSession },
    }),
    async (request) =>
      one(
        request,
        await me(
          ctx,
          request.cookies[SESSION_COOKIE],
          request.headers['x-organization-id'],
          request.headers['x-workspace-id'],
        ),
      ),
  );

  app.patch(
    '/auth/me',
    sessionRoute({
      operationId: 'updateMe',
      tags,
      security: cookieAuth,
      summary: "Change the session user's name or language (needs X-CSRF-Token)",
      description:
        "`locale` is the language of every e-mail the user gets from now on; the dashboard's language picker sets it. `name` null clears the name. At least one of the two.",
      body: UpdateMeBody,
      response: { 200: One(User), 401: noSession, 403: problem('X-CSRF-Token missing or wrong') },
    }),
    async (request) =>
      one(request, await updateMe(ctx, request.cookies[SESSION_COOKIE], request.headers['x-csrf-token'], request.body)),
  );
}
