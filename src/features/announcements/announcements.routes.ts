import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { Announcement, AnnouncementListQuery, AnnouncementParams } from './announcements.schemas.js';
import { dismissAnnouncement, listAnnouncements } from './announcements.service.js';
import { ANNOUNCEMENT_MAIL_JOB, mailApiUsers } from './announcement-lifecycle.service.js';
import { featurePlugin } from '../../http/plugin.js';

const tags = ['announcements'];

async function announcementsRoutes(app: App) {
  const deps = { db: app.deps.db, clock: app.deps.clock, config: app.deps.config };
  // Mail to recent API users leaves the request (docs/decisions.md D76): queued when it starts.
  app.jobs.register<{ announcement_id: string }>(
    ANNOUNCEMENT_MAIL_JOB,
    (job) => mailApiUsers(deps, job.payload.announcement_id),
    { retryDelaysMs: [10_000, 60_000, 300_000] },
  );

  app.get(
    '/v1/announcements',
    route('announcements.read', {
      operationId: 'listAnnouncements',
      tags,
      summary: 'Current announcements of the service',
      description:
        "Notices the operator published (maintenance, breaking API changes ahead of their sunset) that are in effect now, for every organization or the caller's, newest first. The ones the caller dismissed are left out unless `include_dismissed=true`; a user's dismissal holds on every device, an API key's for that key.",
      querystring: AnnouncementListQuery,
      response: { 200: List(Announcement) },
    }),
    async (request) => list(request, await listAnnouncements(deps, principalOf(request), request.query)),
  );

  app.post(
    '/v1/announcements/:id/dismiss',
    route('announcements.dismiss', {
      operationId: 'dismissAnnouncement',
      tags,
      summary: 'Dismiss an announcement',
      description:
        'Hides a current announcement from the caller (the signed-in user on every device, or the calling API key) and from nobody else. Dismissing it again changes nothing; an unknown, ended or withdrawn announcement is a 404.',
      params: AnnouncementParams,
      response: { 200: One(Announcement) },
    }),
    async (request) => one(request, await dismissAnnouncement(deps, principalOf(request), request.params.id)),
  );
}

export default featurePlugin('announcements-routes', ['jobs'], announcementsRoutes);
