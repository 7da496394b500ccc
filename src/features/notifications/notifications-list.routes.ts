import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { MarkedRead, Notification, NotificationListQuery } from './notifications.schemas.js';
import { listNotifications, readAllNotifications } from './notifications.service.js';
import { person, tags } from './notification-routes.shared.js';

/** The in-app list and marking it all read. */
export function notificationsListRoutes(app: App) {
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
}
