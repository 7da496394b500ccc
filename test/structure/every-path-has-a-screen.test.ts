// Every operation of the published API is reachable from a dashboard screen, unless it is meant
// for machines (phones scanning, resolvers, load balancers, the payment provider, an e-mail's
// link) or is one item of a list a screen already shows whole. The screens reach the API through
// web/src/api/ (dashboard-data-access.test.ts), by an SDK call or by the URL of a download, a
// picture or a link. A new operation fails here until it has a screen or a reason below.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { liveOpenApiDocument } from '../../scripts/openapi-live.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function walk(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(join(ROOT, p)).isDirectory()) return walk(p);
    return /\.tsx?$/.test(p) ? [p] : [];
  });
}
const web = walk('web/src')
  .map((p) => readFileSync(join(ROOT, p), 'utf8'))
  .join('\n');

const PHONES = 'opened by a phone scanning a code or a person following its link, not from the dashboard';
const RESOLVER = 'GS1 Digital Link resolution, for phones and GS1 resolver clients';
/** Operations no screen calls, each with its reason. */
const NOT_FROM_A_SCREEN: Record<string, string> = {
  'GET /.well-known/gs1resolver': RESOLVER,
  'GET /01/{gtin}': RESOLVER,
  'GET /01/{gtin}/21/{serial}': RESOLVER,
  'GET /01/{gtin}/10/{lot}/21/{serial}': RESOLVER,
  'GET /dpp/{gtin}': 'a passport page for the public; the dashboard links to it by its public_url',
  'GET /dpp/{gtin}/{serial}': 'a passport page for the public; the dashboard links to it by its public_url',
  'GET /r/{short_code}': PHONES,
  'POST /r/{short_code}': `a protected code's password form: ${PHONES}`,
  'GET /r/{short_code}/contact.vcf': PHONES,
  'GET /r/{short_code}/event.ics': PHONES,
  'GET /r/{short_code}/file': PHONES,
  'GET /r/{short_code}/logo': `the logo a hosted page shows: ${PHONES}`,
  'GET /.well-known/qrs/domain-check': "asked by the TLS front (Caddy's on-demand TLS) before it issues a certificate",
  'GET /auth/sso/callback': 'where the identity provider sends the browser back after sign-in',
  'POST /billing/stripe/webhook': 'called by Stripe',
  'GET /metrics': 'scraped by Prometheus',
  'GET /v1/health': "asked by load balancers; operators see their instance's health on the Health screen",
  'GET /unsubscribe': "the link in a usage e-mail's footer",
  'POST /unsubscribe': "one-click unsubscribe (RFC 8058), sent by the reader's mail client",
  'POST /v1/conversions': "sent by the customer's own server after a sale or sign-up (docs/conversions.md)",
  'POST /auth/invitations/{id}/accept':
    "the same acceptance as POST /auth/invitations/accept, which the invitation link's screen uses (the link carries the token)",
};
const LISTED_WHOLE = 'one item of a list the screen shows with every field, for API clients that hold an id';
for (const path of [
  '/v1/api-keys/{id}',
  '/v1/audit-logs/{id}',
  '/v1/brand-kits/{id}',
  '/v1/folders/{id}',
  '/v1/gs1-prefixes/{id}',
  '/v1/logos/{id}',
  '/v1/members/{user_id}',
  '/v1/notifications/{id}',
  '/v1/privacy/exports/{id}',
  '/v1/webhooks/{id}',
])
  NOT_FROM_A_SCREEN[`GET ${path}`] = LISTED_WHOLE;

/** An SDK call `api.METHOD('/path'`, or the path as a URL the web code builds (a template with ${…} for each parameter). */
function reached(method: string, path: string): boolean {
  const literal = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  if (new RegExp(`\\.${method}\\(\\s*['\`]${literal}['\`]`).test(web)) return true;
  const template = literal
    .replace(/\\\{[^}]+\\\}|\{[^}]+\}/g, '\\$\\{[^}]+\\}')
    .replace(/qr\\\.(svg|png|pdf|eps)$/, 'qr\\.(?:$1|\\$\\{[^}]+\\})');
  // a URL outside an SDK call: a download, a picture or a link (any method: fetchBlob names its own)
  return new RegExp(`(?<!\\.(?:GET|POST|PUT|PATCH|DELETE)\\(\\s*)['\`]${template}(?:[?'\`])`).test(web);
}

describe('every API operation has a screen, or a reason', () => {
  let operations: string[];
  before(async () => {
    const doc = (await liveOpenApiDocument()) as { paths: Record<string, Record<string, unknown>> };
    operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
  });

  it('each operation is called from web/src/api, or listed with its reason', () => {
    const unreached = operations.filter((op) => {
      const [method, path] = op.split(' ') as [string, string];
      return !reached(method, path) && !(op in NOT_FROM_A_SCREEN);
    });
    assert.deepEqual(unreached, [], 'operations without a screen: build one, or say here why none is needed');
  });

  it('no reason is kept for an operation that is gone or that a screen now reaches', () => {
    const stale = Object.keys(NOT_FROM_A_SCREEN).filter((op) => {
      const [method, path] = op.split(' ') as [string, string];
      return !operations.includes(op) || reached(method, path);
    });
    assert.deepEqual(stale, []);
  });
});
