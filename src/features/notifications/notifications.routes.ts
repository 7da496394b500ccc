import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import { publicRoute, route } from '../../http/route.js';
import {
  MarkedRead,
  Notification,
  NotificationListQuery,
  NotificationParams,
  NotificationPreferences,
  NotificationPreferencesUpdate,
  UnsubscribeQuery,
} from './notifications.schemas.js';
import {
  getNotification,
  getPreferences,
  listNotifications,
  readAllNotifications,
  readNotification,
  setPreferences,
  unsubscribe,
  unsubscribeTarget,
} from './notifications.service.js';
import { unsubscribePage } from './unsubscribe-page.js';

const tags = ['notifications'];
const person =
  'A person’s own: a dashboard session only (an API key gets 403), across the organizations they belong to.';
const html = (description: string, title: string) => ({
  description,
  content: {
    'text/html': {
      schema: Type.String(),
      example: `<!doctype html><html lang="en"><head><title>${title}</title></head><body>…</body></html>`,
    },
  },
});

/** The in-app list, its read marks, the preferences, and the one-click unsubscribe (docs/decisions.md D64). */
export default async function notificationsRoutes(app: App) {
  const deps = { db: app.deps.db, clock: app.deps.clock, config: app.deps.config };

  app.get(
    '/v1/notifications',
    route('notifications.self', {
      operationId: 'listNotifications',
      tags,
      summary: 'Your notifications, newest first',
      description: `${person} With \`unread=true\` only the unread ones, and \`meta.pagination.total_count\` is the unread count.`,
      querystring: NotificationListQuery,
      response: { 200: List(Notification) },
    }),
    async (request) => list(request, await listNotifications(deps, principalOf(request), request.query)),
  );

  app.post(
    '/v1/notifications/read-all',
    route('notifications.self', {
      operationId: 'readAllNotifications',
      tags,
      summary: 'Mark all your notifications read',
      description: `${person} Answers how many were unread.`,
      response: { 200: One(MarkedRead) },
    }),
    async (request) => one(request, await readAllNotifications(deps, principalOf(request))),
  );

  app.get(
    '/v1/notifications/preferences',
    route('notifications.self', {
      operationId: 'getNotificationPreferences',
      tags,
      summary: 'Which notifications you get, in the dashboard and by e-mail',
      description: `${person} Every kind, with both channels; everything is on until you turn it off.`,
      response: { 200: One(NotificationPreferences) },
    }),
    async (request) => one(request, await getPreferences(deps, principalOf(request))),
  );

  app.put(
    '/v1/notifications/preferences',
    route('notifications.self', {
      operationId: 'setNotificationPreferences',
      tags,
      summary: 'Turn kinds of notifications on or off',
      description: `${person} Sets the kinds named, each with \`in_app\` and \`email\`; the others keep their setting. Answers every kind. A kind turned off in-app is not stored for you; one turned off for e-mail is not mailed.`,
      body: NotificationPreferencesUpdate,
      response: { 200: One(NotificationPreferences) },
    }),
    async (request) => one(request, await setPreferences(deps, principalOf(request), request.body)),
  );

  app.get(
    '/v1/notifications/:id',
    route('notifications.self', {
      operationId: 'getNotification',
      tags,
      summary: 'One of your notifications',
      description: `${person} Someone else’s notification is a 404.`,
      params: NotificationParams,
      response: { 200: One(Notification) },
    }),
    async (request) => one(request, await getNotification(deps, principalOf(request), request.params.id)),
  );

  app.post(
    '/v1/notifications/:id/read',
    route('notifications.self', {
      operationId: 'readNotification',
      tags,
      summary: 'Mark one notification read',
      description: `${person} Marking it again keeps the first \`read_at\`; someone else’s notification is a 404.`,
      params: NotificationParams,
      response: { 200: One(Notification) },
    }),
    async (request) => one(request, await readNotification(deps, principalOf(request), request.params.id)),
  );

  type Target = NonNullable<Awaited<ReturnType<typeof unsubscribeTarget>>>;
  /** Both unsubscribe routes: the token's person and kind, or the same 404 page for a bad token; never cached. */
  const withTarget =
    (page: (target: Target, token: string) => Promise<string>) =>
    async (request: FastifyRequest<{ Querystring: { token: string } }>, reply: FastifyReply) => {
      const target = await unsubscribeTarget(deps, request.query.token);
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      if (!target) return reply.code(404).send(unsubscribePage({ state: 'bad' }, 'en'));
      return page(target, request.query.token);
    };

  // The unsubscribe page and its one click, in a scope of their own: nowhere else takes a form.
  await app.register(async (scope: App) => {
    // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` as a form, urlencoded or multipart.
    // The token in the address says everything, so the body is read and not needed.
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data'])
      scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
        done(null, {}),
      );

    scope.get(
      '/unsubscribe',
      publicRoute(
        'the link in a notification mail, opened by its recipient',
        {
          operationId: 'unsubscribePage',
          tags,
          summary: 'The page of a mail’s unsubscribe link',
          description:
            'Asks to confirm (link scanners open links, so a GET changes nothing); its button posts to the same address. An unknown or altered token answers 404 with the same page saying so.',
          querystring: UnsubscribeQuery,
          response: {
            200: html('The confirmation page.', 'Stop these e-mails?'),
            404: html('The token is not valid.', 'This link is not valid'),
          },
        },
        { rateLimit: 'anonymous', htmlErrors: true },
      ),
      withTarget(async (target, token) => unsubscribePage({ state: 'ask', kind: target.kind, token }, target.locale)),
    );

    scope.post(
      '/unsubscribe',
      publicRoute(
        'the one-click unsubscribe of a notification mail (RFC 8058), posted by the mail client without a session',
        {
          operationId: 'unsubscribeOneClick',
          tags,
          summary: 'One-click unsubscribe (RFC 8058)',
          description:
            'The address of a notification mail’s `List-Unsubscribe` header (with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`). Turns e-mail of that kind off for the person the token names; in-app notifications stay as they were. Doing it again changes nothing. Answers a page saying so.',
          consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
          querystring: UnsubscribeQuery,
          response: {
            200: html('E-mail of that kind is off.', 'You are unsubscribed'),
            404: html('The token is not valid.', 'This link is not valid'),
          },
        },
        { rateLimit: 'anonymous', htmlErrors: true },
      ),
      withTarget(async (target, token) => {
        await unsubscribe(deps, target);
        return unsubscribePage({ state: 'done', kind: target.kind, token }, target.locale);
      }),
    );
  });
}
