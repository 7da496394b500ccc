import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { One, one } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { NotificationPreferences, NotificationPreferencesUpdate } from './notifications.schemas.js';
import { getPreferences, setPreferences } from './notifications.service.js';
import { person, tags } from './notification-routes.shared.js';

/** Which notifications a person gets, and how. */
export function notificationPreferencesRoutes(app: App) {
  const deps = { db: app.deps.db, clock: app.deps.clock, config: app.deps.config };

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
}
