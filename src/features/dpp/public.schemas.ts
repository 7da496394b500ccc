// What the public pages' routes share in their schemas: the HTML page, the problem answer and the
// language and grant parameters.
import { Type } from 'typebox';

export const HTML_PAGE = {
  schema: Type.String({ description: 'A server-rendered HTML page.' }),
  example: '<!doctype html><html lang="en"><head><title>Battery passport</title></head><body>…</body></html>',
};
export const PROBLEM = { schema: { $ref: 'Problem#' } };

export const HTML = 'text/html';
export const JSON_TYPE = 'application/json';
// The page has inline CSS, no script, and links out only through <a>.
export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export const LangParam = Type.String({
  maxLength: 10,
  description:
    'Page language, `en` or `de` (the language switch); remembered in a cookie. Without it: the cookie, then `Accept-Language`. Other values are ignored.',
});

export const PublicPassportQuery = Type.Object(
  {
    lot: Type.Optional(Type.String({ maxLength: 100, description: 'Lot (AI 10); when given it must match.' })),
    lang: Type.Optional(LangParam),
    token: Type.Optional(
      Type.String({
        maxLength: 200,
        description:
          'Access grant token, for links opened in a browser: a valid token is traded for a short-lived HttpOnly cookie and a 303 to the same page without it. API clients send `Authorization: Bearer <token>`.',
      }),
    ),
  },
  { additionalProperties: true, description: 'Other query parameters (forwarded by the resolver) are ignored.' },
);
