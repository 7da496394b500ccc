import type { App } from '../../http/types.js';
import { One, one } from '../../http/envelope.js';
import { SESSION_COOKIE } from '../../http/auth.js';
import { sessionRoute } from '../../http/route.js';
import { ChangePasswordBody, Me, PasswordChanged, UpdateMeBody, User } from './auth.schemas.js';
import { updateMe } from './profile.service.js';
import { changePassword, me } from './auth.service.js';
import { cookieAuth, noSession, problem, tags } from './account-routes.shared.js';

/** The signed-in user: who they are, their name and language, their password (docs/accounts.md). */
export function meRoutes(app: App) {
  const ctx = app.deps;

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
