import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { One, one } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { Notification, NotificationParams } from './notifications.schemas.js';
import { getNotification, readNotification } from './notifications.service.js';
import { person, tags } from './notification-routes.shared.js';

/** One notification, and marking it read. */
export function notificationRoutes(app: App) {
  const deps = { db: app.deps.db, clock: app.deps.clock, config: app.deps.config };

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
}
