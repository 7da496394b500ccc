// The announcements feature's public module: the routes, and what the operator's CLI calls.
export { default as announcementsRoutes } from './announcements.routes.js';
export { publishAnnouncement, withdrawAnnouncement, listForOperator } from './announcements.service.js';
export { AnnouncementInputError, splitNotice, SEVERITIES, type AnnouncementInput } from './announcements.fns.js';
