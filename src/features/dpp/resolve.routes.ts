import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../http/types.js';
import { publicRoute } from '../../http/route.js';
import { parseDigitalLinkPath } from './gs1.js';
import { rawQuery } from './resolver.fns.js';
import { resolve, syntaxError } from './resolver.answer.js';
import { DOCUMENTED_FORMS, linkTypeQuery, paramsOf, resolveResponses } from './resolver.forms.js';

/** GET of a Digital Link: the undocumented `/01/*` fallback, then each documented form. */
export function resolveRoutes(app: App) {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    // A value the input rule refuses (a NUL, a lone surrogate) is a malformed Digital Link: 400
    // with the rule's code, like any other syntax error, not the API's 422.
    if (request.validationError) {
      const parsed = parseDigitalLinkPath(request.url);
      if (!parsed.ok) throw syntaxError(parsed.error.code, parsed.error.message);
      throw syntaxError('dl.syntax', request.validationError.message);
    }
    return resolve(app, request, reply, request.url.split('?')[0], rawQuery(request.url));
  };

  app.get(
    '/01/*',
    publicRoute(
      'the GS1 Digital Link resolver, scanned by phones and called by any resolver client',
      { hide: true, querystring: linkTypeQuery },
      { rateLimit: 'public', htmlErrors: true, attachValidation: true },
    ),
    handler,
  );
  for (const form of DOCUMENTED_FORMS) {
    app.get(
      form.url,
      publicRoute(
        'the GS1 Digital Link resolver, scanned by phones and called by any resolver client',
        {
          operationId: `resolveDigitalLink${form.id}`,
          tags: ['resolver'],
          summary: `Resolve ${form.what}`,
          description: `GS1 Digital Link resolver for ${form.what}. Answers from the most specific level that has links: the battery's passport, else the model's (GTIN level). 307 to the default link or to \`linkType\` (the query string passed on as sent, minus linkType) with a \`Link\` to the linkset; \`linkType=linkset\` or an Accept header preferring \`application/linkset+json\`, \`application/json\` or \`application/ld+json\` answers the linkset. 400 for a malformed path or GTIN, 404 when no level has links or the link type is unknown. The resolver also accepts a trailing slash, a consumer product variant (\`/22/{cpv}\` before the lot), AI 235 and compressed Digital Links.`,
          params: paramsOf(form.params),
          querystring: linkTypeQuery,
          response: resolveResponses,
        },
        { rateLimit: 'public', htmlErrors: true, attachValidation: true },
      ),
      handler,
    );
  }
}
