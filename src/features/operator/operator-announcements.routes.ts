import type { App } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import {
  AnnouncementDraftBody,
  AnnouncementParams,
  AnnouncementPatchBody,
  AnnouncementPreview,
  OperatorAnnouncement,
  OperatorAnnouncementQuery,
} from '../announcements/index.js';
import { problemResponse } from '../../http/openapi.js';
import { operatorAt, operatorRoute, tags } from './operator.route.js';

const NOT_EDITABLE = problemResponse('Not a draft (publish), or neither a draft nor scheduled (change)', 409);
import {
  announcementPreview,
  announcementsForOperator,
  createAnnouncement,
  publishAnnouncementNow,
  updateAnnouncement,
  withdrawAnnouncementNow,
} from './operator-announcements.service.js';

/** Announcements from the console, as `qrs announce` makes them from a shell (docs/decisions.md D76). */
export function operatorAnnouncementsRoutes(app: App) {
  const deps = app.deps;

  app.get(
    '/v1/operator/announcements',
    operatorRoute(deps, {
      operationId: 'operatorListAnnouncements',
      tags,
      summary: 'Every announcement, drafts included',
      description:
        'Drafts, scheduled, live, ended and withdrawn announcements, newest first, each with its status. Members see only the live ones (GET /v1/announcements).',
      querystring: OperatorAnnouncementQuery,
      response: { 200: List(OperatorAnnouncement) },
    }),
    async (request) => list(request, await announcementsForOperator(deps, request.query)),
  );

  app.post(
    '/v1/operator/announcements',
    operatorRoute(deps, {
      operationId: 'operatorCreateAnnouncement',
      tags,
      summary: 'Write an announcement',
      description:
        'A draft nobody sees, or with `publish: true` published at once (scheduled when `starts_at` is in the future). English title and body required; German optional (both or neither). With `email_api_users`, the owners of API keys used in the last 90 days are e-mailed when it starts, by a background job. Recorded in the instance audit log (`announcement.created`).',
      body: AnnouncementDraftBody,
      response: { 201: One(OperatorAnnouncement) },
    }),
    async (request, reply) => {
      reply.code(201);
      return one(request, await createAnnouncement(deps, operatorAt(request), request.body));
    },
  );

  app.patch(
    '/v1/operator/announcements/:id',
    operatorRoute(deps, {
      operationId: 'operatorUpdateAnnouncement',
      tags,
      summary: 'Change a draft or scheduled announcement',
      description:
        'Changes the fields given (null clears the German text, the link or the sunset). A live, ended or withdrawn announcement is a 409. Recorded in the instance audit log (`announcement.updated`).',
      params: AnnouncementParams,
      body: { ...AnnouncementPatchBody, examples: [{ title: 'Maintenance on Sunday, 06:00–07:00 UTC' }] },
      response: { 200: One(OperatorAnnouncement), 409: NOT_EDITABLE },
    }),
    async (request) =>
      one(request, await updateAnnouncement(deps, operatorAt(request), request.params.id, request.body)),
  );

  app.post(
    '/v1/operator/announcements/:id/publish',
    operatorRoute(deps, {
      operationId: 'operatorPublishAnnouncement',
      tags,
      summary: 'Publish a draft',
      description:
        'Members see it from its `starts_at`: now if that is past (live), else then (scheduled). Its e-mail, if asked for, goes out when it starts. Anything but a draft is a 409. Recorded in the instance audit log (`announcement.published`).',
      params: AnnouncementParams,
      response: { 200: One(OperatorAnnouncement), 409: NOT_EDITABLE },
    }),
    async (request) => one(request, await publishAnnouncementNow(deps, operatorAt(request), request.params.id)),
  );

  app.post(
    '/v1/operator/announcements/:id/withdraw',
    operatorRoute(deps, {
      operationId: 'operatorWithdrawAnnouncement',
      tags,
      summary: 'Withdraw an announcement',
      description:
        'Ends it now: members stop seeing it, and an e-mail not yet sent is not. Withdrawing it again changes nothing. Recorded in the instance audit log (`announcement.withdrawn`).',
      params: AnnouncementParams,
      response: { 200: One(OperatorAnnouncement) },
    }),
    async (request) => one(request, await withdrawAnnouncementNow(deps, operatorAt(request), request.params.id)),
  );

  app.get(
    '/v1/operator/announcements/:id/preview',
    operatorRoute(deps, {
      operationId: 'operatorPreviewAnnouncement',
      tags,
      summary: 'See an announcement as members will',
      description:
        "The banner's text in English and German (null where no German is written), and the e-mail's subject and text as API users would get it.",
      params: AnnouncementParams,
      response: { 200: One(AnnouncementPreview) },
    }),
    async (request) => one(request, await announcementPreview(deps, request.params.id)),
  );
}
