import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../http/types.js';
import { publicRoute } from '../../http/route.js';
import { UnsubscribeQuery } from './notifications.schemas.js';
import { unsubscribe, unsubscribeTarget } from './notifications.service.js';
import { unsubscribePage } from './unsubscribe-page.js';
import { html, tags } from './notification-routes.shared.js';

/** The one-click unsubscribe of a notification mail (docs/decisions.md D64). */
export async function unsubscribeRoutes(app: App) {
  const deps = { db: app.deps.db, clock: app.deps.clock, config: app.deps.config };

  type Target = NonNullable<Awaited<ReturnType<typeof unsubscribeTarget>>>;
  /** Both unsubscribe routes: the token's person and kind, or the same 404 page for a bad token; never cached. */
  const withTarget =
    (page: (target: Target, token: string) => Promise<string>) =>
    async (request: FastifyRequest<{ Querystring: { token: string } }>, reply: FastifyReply) => {
      const target = await unsubscribeTarget(deps, request.query.token);
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      if (!target) return reply.code(404).send(unsubscribePage({ state: 'bad' }, 'en'));
      return page(target, request.query.token);
    };

  // The unsubscribe page and its one click, in a scope of their own: nowhere else takes a form.
  await app.register(async (scope: App) => {
    // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` as a form, urlencoded or multipart.
    // The token in the address says everything, so the body is read and not needed.
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data'])
      scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
        done(null, {}),
      );

    scope.get(
      '/unsubscribe',
      publicRoute(
        'the link in a notification mail, opened by its recipient',
        {
          operationId: 'unsubscribePage',
          tags,
          summary: 'The page of a mail’s unsubscribe link',
          description:
            'Asks to confirm (link scanners open links, so a GET changes nothing); its button posts to the same address. An unknown or altered token answers 404 with the same page saying so.',
          querystring: UnsubscribeQuery,
          response: {
            200: html('The confirmation page.', 'Stop these e-mails?'),
            404: html('The token is not valid.', 'This link is not valid'),
          },
        },
        { rateLimit: 'anonymous', htmlErrors: true },
      ),
      withTarget(async (target, token) => unsubscribePage({ state: 'ask', kind: target.kind, token }, target.locale)),
    );

    scope.post(
      '/unsubscribe',
      publicRoute(
        'the one-click unsubscribe of a notification mail (RFC 8058), posted by the mail client without a session',
        {
          operationId: 'unsubscribeOneClick',
          tags,
          summary: 'One-click unsubscribe (RFC 8058)',
          description:
            'The address of a notification mail’s `List-Unsubscribe` header (with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`). Turns e-mail of that kind off for the person the token names; in-app notifications stay as they were. Doing it again changes nothing. Answers a page saying so.',
          consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
          querystring: UnsubscribeQuery,
          response: {
            200: html('E-mail of that kind is off.', 'You are unsubscribed'),
            404: html('The token is not valid.', 'This link is not valid'),
          },
        },
        { rateLimit: 'anonymous', htmlErrors: true },
      ),
      withTarget(async (target, token) => {
        await unsubscribe(deps, target);
        return unsubscribePage({ state: 'done', kind: target.kind, token }, target.locale);
      }),
    );
  });
}
