// The announcements feature's public module: the routes, and what the operator's console and CLI call.
export { default as announcementsRoutes } from './announcements.routes.js';
export { publishAnnouncement, withdrawAnnouncement, listForOperator } from './announcements.service.js';
export {
  createDraft,
  editAnnouncement,
  publishDraft,
  withdrawIn,
  allAnnouncements,
  findForOperator,
  previewAnnouncement,
  type AnnouncementDraft,
} from './announcement-lifecycle.service.js';
export { AnnouncementInputError, splitNotice, SEVERITIES, type AnnouncementInput } from './announcements.fns.js';
export {
  OperatorAnnouncement,
  AnnouncementDraftBody,
  AnnouncementPatchBody,
  AnnouncementPreview,
  AnnouncementParams,
  OperatorAnnouncementQuery,
} from './announcements.schemas.js';
export { deleteDismissalsOf } from './personal-data.js';
