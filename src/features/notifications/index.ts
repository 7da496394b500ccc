// The notifications feature's public module (docs/decisions.md D64): the routes, and one call per
// event for the features where things happen, each inside the caller's transaction.
export { default as notificationsRoutes } from './notifications.routes.js';
export {
  codeChanged,
  commentAdded,
  exportReady,
  gs1PrefixDecided,
  invitationAccepted,
  usageThresholdReached,
} from './notices.js';
export { KINDS as NOTIFICATION_KINDS } from './notifications.fns.js';
export { deleteNotificationPreferencesOf, deleteNotificationsOf } from './personal-data.js';
