import { Type } from 'typebox';
import type { App } from '../../http/types.js';
import { vcardPayload, type VcardContent } from '../../qr/payloads.js';
import type { EventContent } from '../codes/index.js';
import { eventIcs } from './event-ics.js';
import { publicRoute } from '../../http/route.js';
import {
  disposition,
  livePageTarget,
  notFoundPage,
  Params,
  type ContentPageRouteOptions,
} from './content-downloads.shared.js';

/** The vCard and the calendar file of a contact or event page. */
export function contentCardRoutes(app: App, opts: ContentPageRouteOptions) {
  const { clock, config } = app.deps;
  const live = livePageTarget(app, opts);

  app.get(
    '/r/:short_code/contact.vcf',
    publicRoute(
      'a hosted content page, opened by phones that scanned the code',
      {
        operationId: 'contentPageVcard',
        tags: ['redirect'],
        summary: 'The vCard of a hosted contact page',
        description: 'The "Add to contacts" download of a dynamic vcard code: a vCard 3.0 file. No scan is recorded.',
        params: Params,
        response: {
          200: { description: 'vCard 3.0', content: { 'text/vcard': { schema: Type.String() } } },
          404: notFoundPage,
          410: notFoundPage,
        },
      },
      { rateLimit: 'public', htmlErrors: true },
    ),
    async (request, reply) => {
      const target = await live(request, reply, 'vcard');
      if (!target) return reply;
      return reply
        .type('text/vcard; charset=utf-8')
        .header('content-disposition', disposition('attachment', 'contact.vcf'))
        .send(vcardPayload(target.page!.content as VcardContent));
    },
  );

  app.get(
    '/r/:short_code/event.ics',
    publicRoute(
      'a hosted content page, opened by phones that scanned the code',
      {
        operationId: 'contentPageEvent',
        tags: ['redirect'],
        summary: 'The calendar file of a hosted event page',
        description:
          'The "Add to calendar" download of an event code: an iCalendar file (RFC 5545) with one event, times in UTC. No scan is recorded.',
        params: Params,
        response: {
          200: { description: 'iCalendar', content: { 'text/calendar': { schema: Type.String() } } },
          404: notFoundPage,
          410: notFoundPage,
        },
      },
      { rateLimit: 'public', htmlErrors: true },
    ),
    async (request, reply) => {
      const target = await live(request, reply, 'event');
      if (!target) return reply;
      const uid = `${target.codeId}@${new URL(config.baseUrl).hostname}`;
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', disposition('attachment', 'event.ics'))
        .send(eventIcs(target.page!.content as unknown as EventContent, uid, clock.now().getTime()));
    },
  );
}
