import type { App } from '../../http/types.js';
import { notificationsListRoutes } from './notifications-list.routes.js';
import { notificationPreferencesRoutes } from './notification-preferences.routes.js';
import { notificationRoutes } from './notification.routes.js';
import { unsubscribeRoutes } from './unsubscribe.routes.js';

/** The in-app list, its read marks, the preferences, and the one-click unsubscribe (docs/decisions.md D64). */
export default async function notificationsRoutes(app: App) {
  notificationsListRoutes(app);
  notificationPreferencesRoutes(app);
  notificationRoutes(app);
  await unsubscribeRoutes(app);
}
