import { Type } from 'typebox';
import { publicRoute } from '../../http/route.js';

/** `GET /r/:short_code` as the reference documents it: every answer a scanned code can get. */
export const redirectRoute = publicRoute(
  'scanned by phones',
  {
    operationId: 'redirect',
    tags: ['redirect'],
    summary: 'Follow a short URL (records a scan)',
    description:
      '302 to the destination (weighted, sticky per visitor) with Cache-Control: no-store. A content code (vcard, links, pdf, app, text) answers its hosted page with 200 (an app page sends iOS and Android visitors to their store with 302). Paused, expired, deleted or rejected codes answer a small HTML page with 410, or 302 to fallback_url when set; unknown codes and codes pending approval answer 404.',
    params: Type.Object({ short_code: Type.String({ maxLength: 64 }) }),
    response: {
      200: {
        description:
          'HTML page: the hosted page of a content code (vcard, links, pdf, app, text; the scan is recorded), or the page asking for the password of a password-protected code (no scan yet).',
        content: {
          'text/html': {
            schema: Type.String(),
            example:
              '<!doctype html><html lang="en"><head><title>This code is protected</title></head><body>…</body></html>',
          },
        },
      },
      302: {
        description: 'Redirect to the destination; no body. Location is the destination (or fallback_url).',
        type: 'null',
      },
      404: {
        description: 'HTML page: unknown code or pending approval.',
        content: {
          'text/html': {
            schema: Type.String(),
            example:
              '<!doctype html><html lang="en"><head><title>QR code not found</title></head><body>…</body></html>',
          },
        },
      },
      410: {
        description: 'HTML page: paused, expired, deleted or rejected code.',
        content: {
          'text/html': {
            schema: Type.String(),
            example:
              '<!doctype html><html lang="en"><head><title>QR code no longer active</title></head><body>…</body></html>',
          },
        },
      },
      503: {
        description:
          'The database does not answer and the code is not cached: an HTML page to a browser, else an `unavailable` problem document; `Retry-After` in seconds.',
        content: {
          'text/html': {
            schema: Type.String(),
            example:
              '<!doctype html><html lang="en"><head><title>Service unavailable</title></head><body>…</body></html>',
          },
          'application/problem+json': { schema: { $ref: 'Problem#' } },
        },
      },
    },
  },
  { rateLimit: 'public', htmlErrors: true, accessLog: 'errors' },
);
