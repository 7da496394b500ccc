// The shared security suite: every route the app registers is walked, so a new
// route is covered the day it is added. Authenticated /v1 routes: no credentials and a revoked key
// get 401, another organization gets 404 on the owner's resources (D3: existence is not revealed),
// the weakest role gets 403 where its permission is missing, and nothing of the owner changes.
// Public and session-only routes are listed by hand; a route that is neither covered nor listed
// fails the suite.
import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  call,
  createHarness,
  expectProblem,
  seedMember,
  seedTenant,
  type Harness,
  type Member,
  type Tenant,
} from '../support/harness.js';
import { forEachDialect } from '../support/suite.js';
import { createCode } from '../support/codes.js';
import { allows, can } from '../../src/http/permissions.js';
import {
  changesBetween,
  fill,
  seedOrganization,
  snapshotOf,
  withRegisteredRoutes,
  type OrgFixture,
  type RegisteredRoute,
} from './every-route.fixtures.js';

/** What a URL of a listed route may use: the owner's fixture, and a short code of another organization (its scans must not touch the owner). */
type Url = (o: OrgFixture, strangerShortCode: string) => string;

/** Routes anyone may call (config auth: false, no security requirement), with a URL to try. */
const PUBLIC: Record<string, Url> = {
  'GET /v1/health': () => '/v1/health',
  'GET /metrics': () => '/metrics',
  'GET /openapi.json': () => '/openapi.json',
  'GET /docs': () => '/docs',
  'GET /docs/assets/scalar.js': () => '/docs/assets/scalar.js',
  'GET /docs/assets/reference.js': () => '/docs/assets/reference.js',
  'GET /docs/errors/:type': () => '/docs/errors/not-found',
  'GET /docs/api/versioning': () => '/docs/api/versioning',
  'GET /r/:short_code': (_, shortCode) => `/r/${shortCode}`,
  'POST /r/:short_code': (_, shortCode) => `/r/${shortCode}`,
  'GET /r/:short_code/contact.vcf': (_, shortCode) => `/r/${shortCode}/contact.vcf`,
  'GET /r/:short_code/file': (_, shortCode) => `/r/${shortCode}/file`,
  'GET /r/:short_code/logo': (_, shortCode) => `/r/${shortCode}/logo`,
  'GET /r/:short_code/event.ics': (_, shortCode) => `/r/${shortCode}/event.ics`,
  'GET /.well-known/qrs/domain-check': () => '/.well-known/qrs/domain-check',
  'GET /.well-known/gs1resolver': () => '/.well-known/gs1resolver',
  'POST /auth/signup': () => '/auth/signup',
  'POST /auth/login': () => '/auth/login',
  'POST /auth/password-reset': () => '/auth/password-reset',
  'POST /auth/password-reset/confirm': () => '/auth/password-reset/confirm',
  'POST /auth/verify-email': () => '/auth/verify-email',
  'POST /auth/email-change/confirm': () => '/auth/email-change/confirm',
  // Single sign-on (docs/decisions.md D80): an unknown organization's start, and a callback without its state
  'GET /auth/sso/start': () => '/auth/sso/start?organization=no-such-organization',
  'GET /auth/sso/callback': () => '/auth/sso/callback',
  // The invitation link's token is its credential (test/features/invitations/invitation-signup.test.ts)
  'GET /auth/invitations/preview': () => '/auth/invitations/preview?token=not-a-link',
  'GET /dpp/:gtin/:serial': (o) => `/dpp/${o.gtin}/${o.serial}`,
  'GET /dpp/:gtin': (o) => `/dpp/${o.gtin}`,
  'GET /01/*': () => '/01/not-a-gtin',
  'OPTIONS /01/*': () => '/01/not-a-gtin',
  'GET /01/:gtin': (o) => `/01/${o.gtin}`,
  'OPTIONS /01/:gtin': (o) => `/01/${o.gtin}`,
  'GET /01/:gtin/21/:serial': (o) => `/01/${o.gtin}/21/${o.serial}`,
  'OPTIONS /01/:gtin/21/:serial': (o) => `/01/${o.gtin}/21/${o.serial}`,
  'GET /01/:gtin/10/:lot/21/:serial': (o) => `/01/${o.gtin}/10/L1/21/${o.serial}`,
  'OPTIONS /01/:gtin/10/:lot/21/:serial': (o) => `/01/${o.gtin}/10/L1/21/${o.serial}`,
  'GET /assets/*': () => '/assets/missing.js',
  'GET /favicon.ico': () => '/favicon.ico',
  // One-click unsubscribe (RFC 8058): the signed token is its credential (test/features/notifications/notifications.test.ts)
  'GET /unsubscribe': () => '/unsubscribe?token=not-a-token',
  'POST /unsubscribe': () => '/unsubscribe?token=not-a-token',
  // Stripe's; the signature is its credential (test/features/billing/billing.test.ts)
  'POST /billing/stripe/webhook': () => '/billing/stripe/webhook',
};

/** Dashboard routes outside /v1 that check the session cookie themselves (security [{ session: [] }]). */
const SESSION_ROUTES: Record<string, Url> = {
  'POST /auth/logout': () => '/auth/logout',
  'POST /auth/password': () => '/auth/password',
  'GET /auth/me': () => '/auth/me',
  'PATCH /auth/me': () => '/auth/me',
  'GET /auth/invitations': () => '/auth/invitations',
  'POST /auth/invitations/:id/accept': (o) => `/auth/invitations/${o.ids['invitations/:id']}/accept`,
  'POST /auth/invitations/:id/decline': (o) => `/auth/invitations/${o.ids['invitations/:id']}/decline`,
  'POST /auth/invitations/accept': () => '/auth/invitations/accept',
  'POST /auth/verify-email/resend': () => '/auth/verify-email/resend',
  'POST /auth/email-change': () => '/auth/email-change',
  'POST /auth/2fa/enrol': () => '/auth/2fa/enrol',
  'POST /auth/2fa/confirm': () => '/auth/2fa/confirm',
  'POST /auth/2fa/disable': () => '/auth/2fa/disable',
};

/**
 * The operator's console (D73): session routes that answer everyone but a signed-in operator, API
 * keys of any role included, with the 404 of an unknown route (test/features/operator/).
 */
/** Operator routes answer 404 before any lookup, so a made-up announcement does (docs/decisions.md D76). */
const SOME_ANNOUNCEMENT = 'ann_01JD3Y2K8Q9XW4T5N6M7P8R9S0';
/** Likewise a made-up invitation (docs/decisions.md D74). */
const SOME_INVITATION = 'inv_01JD3Y2K8Q9XW4T5N6M7P8R9S0';
const OPERATOR_ROUTES: Record<string, Url> = {
  'GET /v1/operator/organizations': () => '/v1/operator/organizations',
  'GET /v1/operator/organizations/:id': (o) => `/v1/operator/organizations/${o.owner.organizationId}`,
  'PUT /v1/operator/organizations/:id/plan': (o) => `/v1/operator/organizations/${o.owner.organizationId}/plan`,
  'GET /v1/operator/audit': () => '/v1/operator/audit',
  'POST /v1/operator/organizations/:id/suspend': (o) => `/v1/operator/organizations/${o.owner.organizationId}/suspend`,
  'POST /v1/operator/organizations/:id/unsuspend': (o) =>
    `/v1/operator/organizations/${o.owner.organizationId}/unsuspend`,
  'POST /v1/operator/organizations/:id/erase': (o) => `/v1/operator/organizations/${o.owner.organizationId}/erase`,
  'GET /v1/operator/organizations/:id/invitations': (o) =>
    `/v1/operator/organizations/${o.owner.organizationId}/invitations`,
  'POST /v1/operator/invitations/:id/resend': () => `/v1/operator/invitations/${SOME_INVITATION}/resend`,
  'POST /v1/operator/invitations/:id/revoke': () => `/v1/operator/invitations/${SOME_INVITATION}/revoke`,
  'GET /v1/operator/users': () => '/v1/operator/users',
  'POST /v1/operator/users/:id/disable': (o) => `/v1/operator/users/${o.owner.userId}/disable`,
  'POST /v1/operator/users/:id/enable': (o) => `/v1/operator/users/${o.owner.userId}/enable`,
  'POST /v1/operator/users/:id/erase': (o) => `/v1/operator/users/${o.owner.userId}/erase`,
  'GET /v1/operator/gs1-prefixes': () => '/v1/operator/gs1-prefixes?status=pending',
  'GET /v1/operator/gs1-prefixes/:id/evidence': (o) =>
    `/v1/operator/gs1-prefixes/${o.ids['gs1-prefixes/:id']}/evidence`,
  'POST /v1/operator/gs1-prefixes/:id/approve': (o) => `/v1/operator/gs1-prefixes/${o.ids['gs1-prefixes/:id']}/approve`,
  'POST /v1/operator/gs1-prefixes/:id/reject': (o) => `/v1/operator/gs1-prefixes/${o.ids['gs1-prefixes/:id']}/reject`,
  'GET /v1/operator/session': () => '/v1/operator/session',
  'GET /v1/operator/health': () => '/v1/operator/health',
  'GET /v1/operator/announcements': () => '/v1/operator/announcements',
  'POST /v1/operator/announcements': () => '/v1/operator/announcements',
  'PATCH /v1/operator/announcements/:id': () => `/v1/operator/announcements/${SOME_ANNOUNCEMENT}`,
  'POST /v1/operator/announcements/:id/publish': () => `/v1/operator/announcements/${SOME_ANNOUNCEMENT}/publish`,
  'POST /v1/operator/announcements/:id/withdraw': () => `/v1/operator/announcements/${SOME_ANNOUNCEMENT}/withdraw`,
  'GET /v1/operator/announcements/:id/preview': () => `/v1/operator/announcements/${SOME_ANNOUNCEMENT}/preview`,
  'GET /v1/operator/limits': () => '/v1/operator/limits',
  'PUT /v1/operator/limits': () => '/v1/operator/limits',
  'GET /v1/operator/operators': () => '/v1/operator/operators',
  'POST /v1/operator/mail-test': () => '/v1/operator/mail-test',
  'POST /v1/operator/operators': () => '/v1/operator/operators',
  'DELETE /v1/operator/operators/:id': (o) => `/v1/operator/operators/${o.owner.userId}`,
};

/**
 * Authenticated routes whose path cannot be filled with a real id of the owner, with the reason.
 * They still get the 401 and 403 checks (with a made-up id), not the other-organization check.
 */
const UNFILLABLE: Record<string, string> = {
  'GET /v1/notifications/:id':
    "a notification belongs to a person, made by another person's change (notifications.test.ts checks 404 across organizations)",
  'POST /v1/notifications/:id/read':
    "a notification belongs to a person, made by another person's change (notifications.test.ts checks 404 across organizations)",
};

/** Valid bodies, so a request reaches the lookup (or the session check) instead of stopping at validation. */
const BODIES: Record<string, unknown> = {
  'POST /auth/invitations/:id/accept': { token: 'not-the-link' },
  'POST /auth/invitations/accept': { token: 'not-the-link' },
  'POST /auth/email-change': { new_email: 'someone@example.com', password: 'correct horse battery' },
  'POST /auth/2fa/enrol': { password: 'correct horse battery' },
  'POST /auth/2fa/confirm': { code: '123456' },
  'POST /auth/2fa/disable': { password: 'correct horse battery', code: '123456' },
  'POST /auth/password-reset': { email: 'someone@example.com' },
  'POST /auth/password-reset/confirm': { token: 'not-a-token', password: 'another horse battery staple' },
  'POST /auth/verify-email': { token: 'not-a-token' },
  'POST /auth/email-change/confirm': { token: 'not-a-token' },
  'POST /auth/password': { current_password: 'correct horse battery', new_password: 'another horse battery staple' },
  'PATCH /auth/me': { locale: 'de' },
  'PATCH /v1/organizations/:id': { name: 'Taken over' },
  'PUT /v1/organizations/:id/sso': { issuer: 'https://idp.example', client_id: 'taken-over', client_secret: 'taken' },
  'POST /v1/operator/announcements': { title: 'Taken over', body: 'Taken over' },
  'PATCH /v1/operator/announcements/:id': { title: 'Taken over' },
  'PUT /v1/operator/limits': { invitations_per_day: 1 },
  'PATCH /v1/codes/:id': { title: 'taken over' },
  'POST /v1/codes/:id/reject': { reason: 'taken over' },
  'POST /v1/codes/:id/comments': { body: 'taken over' },
  'PATCH /v1/workspaces/:id': { name: 'Taken over' },
  'PATCH /v1/members/:user_id': { role: 'org_admin' },
  'PATCH /v1/dpp/:id': { battery_status: 'waste' },
  'PATCH /v1/dpp-models/:id': { data: { generalProductInformation: { warrantyPeriod: 1 } } },
  'POST /v1/dpp/:id/readings': {
    readings: [{ attribute: 'stateOfHealth', value: 1, measured_at: '2026-01-01T00:00:00Z' }],
  },
  'PATCH /v1/brand-kits/:id': { name: 'Taken over' },
  'PUT /v1/operator/organizations/:id/plan': { plan: 'enterprise' },
  'POST /v1/operator/organizations/:id/suspend': { reason: 'taken over', redirects: 'neutral_page' },
  'POST /v1/operator/organizations/:id/erase': { confirm: 'taken-over' },
  'POST /v1/operator/users/:id/disable': { reason: 'taken over' },
  'POST /v1/operator/users/:id/erase': { confirm: 'someone@example.com' },
  'POST /v1/operator/gs1-prefixes/:id/reject': { reason: 'taken over' },
  'POST /v1/gs1-prefixes/:id/evidence': { gepir_text: 'taken over' },
  'POST /v1/dpp/:id/access-grants': { level: 'authority', expires_at: new Date(Date.now() + 3_600_000).toISOString() },
};

const keyOf = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const needsSession = (r: RegisteredRoute) => (r.security ?? []).some((req) => Object.keys(req as object).length > 0);

const hasParams = (url: string) => /[:*]/.test(url);

forEachDialect("every route's security", (dialect) => {
  let h: Harness;
  const storage = mkdtempSync(join(tmpdir(), 'qrs-every-route-'));
  let routes: RegisteredRoute[];
  let org: OrgFixture;
  let stranger: Tenant;
  let strangerAdmin: Member;
  let strangerShortCode: string;
  const authenticated = () => routes.filter((r) => r.auth);

  before(async () => {
    ({ built: h, routes } = await withRegisteredRoutes(() => createHarness(dialect, { STORAGE_DIR: storage })));
    org = await seedOrganization(h);
    stranger = await seedTenant(h, 'pro');
    strangerAdmin = await seedMember(h, stranger, { org: 'org_admin' });
    strangerShortCode = (await createCode(h, stranger, { type: 'url', url: 'https://stranger.example.com' }))
      .short_code;
  });
  after(async () => {
    await h.close();
    rmSync(storage, { recursive: true, force: true });
  });

  const send = (route: RegisteredRoute, url: string, headers: Record<string, string>) =>
    call(h, {
      method: route.method as 'GET',
      url,
      headers,
      body: route.hasBody ? (BODIES[keyOf(route)] ?? {}) : undefined,
    });
  const urlOf = (route: RegisteredRoute) => fill(route.url, org.ids).url;

  /** Sends `route` as `headers` and checks the answer; the owner's data must be unchanged afterwards. */
  async function expectRejected(
    route: RegisteredRoute,
    url: string,
    headers: Record<string, string>,
    status: 401 | 403 | 404,
    who: string,
  ) {
    const before = await snapshotOf(h, org.owner.organizationId);
    const res = await send(route, url, headers);
    const type = { 401: 'authentication', 403: 'forbidden', 404: 'not-found' }[status];
    assert.doesNotThrow(
      () => expectProblem(res, status, type),
      `${keyOf(route)} as ${who}: expected ${status} ${type}, got ${res.statusCode} ${res.body.slice(0, 300)}`,
    );
    assert.deepEqual(
      changesBetween(before, await snapshotOf(h, org.owner.organizationId)),
      {},
      `${keyOf(route)} as ${who} changed the owner's data`,
    );
  }

  it('every registered route is covered by the suite or listed as public, session-only or unfillable', () => {
    const unclassified = routes
      .filter((r) => {
        const key = keyOf(r);
        if (!r.auth) return !(key in PUBLIC) && !(key in SESSION_ROUTES) && !(key in OPERATOR_ROUTES);
        return (
          !r.url.startsWith('/v1/') ||
          !r.permission ||
          (hasParams(r.url) && !fill(r.url, org.ids).complete && !(key in UNFILLABLE))
        );
      })
      .map(keyOf);
    assert.deepEqual(unclassified, [], 'a new route: give its path ids a fixture, or list it here with the reason');
    const byKey = new Map(routes.map((r) => [keyOf(r), r]));
    for (const key of Object.keys(PUBLIC))
      assert.ok(
        byKey.get(key) && !byKey.get(key)!.auth && !needsSession(byKey.get(key)!),
        `${key}: listed as public but not a public route`,
      );
    for (const key of Object.keys(SESSION_ROUTES))
      assert.ok(
        byKey.get(key) && needsSession(byKey.get(key)!),
        `${key}: listed as session-only but not a session route`,
      );
    for (const key of Object.keys(OPERATOR_ROUTES))
      assert.ok(
        byKey.get(key) && needsSession(byKey.get(key)!),
        `${key}: listed as an operator route but not a session route`,
      );
    for (const key of Object.keys(UNFILLABLE))
      assert.ok(byKey.get(key)?.auth, `${key}: listed as unfillable but not an authenticated route`);
  });

  it('public routes answer without any credentials', async () => {
    for (const [key, url] of Object.entries(PUBLIC)) {
      const res = await call(h, {
        method: key.split(' ')[0] as 'GET',
        url: url(org, strangerShortCode),
        body: key.startsWith('POST') ? {} : undefined,
      });
      assert.ok(
        ![401, 403].includes(res.statusCode) && res.statusCode < 500,
        `${key}: ${res.statusCode} ${res.body.slice(0, 200)}`,
      );
    }
  });

  it('session-only routes answer 401 without a session', async () => {
    for (const [key, url] of Object.entries(SESSION_ROUTES)) {
      const res = await call(h, {
        method: key.split(' ')[0] as 'GET',
        url: url(org, strangerShortCode),
        body: key.startsWith('POST') || key.startsWith('PATCH') ? (BODIES[key] ?? {}) : undefined,
      });
      assert.doesNotThrow(
        () => expectProblem(res, 401, 'authentication'),
        `${key}: ${res.statusCode} ${res.body.slice(0, 200)}`,
      );
    }
  });

  it("operator routes: 404 to no credentials, to keys and to every role's session, nothing changes", async () => {
    const callers: Array<[string, Record<string, string>]> = [
      ['nobody', {}],
      ["the owner's key", org.owner.auth],
      ["a viewer's key", org.viewerKey],
      ['an org_admin', org.admin.headers],
      ['a viewer', org.viewer.headers],
      ["another organization's org_admin", strangerAdmin.headers],
    ];
    for (const [key, url] of Object.entries(OPERATOR_ROUTES)) {
      const route = routes.find((r) => keyOf(r) === key)!;
      for (const [who, headers] of callers) await expectRejected(route, url(org, strangerShortCode), headers, 404, who);
    }
  });

  it('no credentials: 401 problem document on every authenticated route, nothing changes', async () => {
    for (const route of authenticated()) await expectRejected(route, urlOf(route), {}, 401, 'nobody');
  });

  it('a revoked key: 401 on every authenticated route, nothing changes', async () => {
    for (const route of authenticated())
      await expectRejected(route, urlOf(route), org.revokedKey, 401, 'a revoked key');
  });

  it("another organization: 404 on every route addressing the owner's resources, nothing changes", async () => {
    const covered = authenticated().filter((r) => hasParams(r.url) && fill(r.url, org.ids).complete);
    assert.ok(covered.length > 20, `only ${covered.length} routes with ids`);
    for (const route of covered) {
      const url = urlOf(route);
      // Admin-only actions stop at 403 for any key (D4) before a lookup could reveal anything.
      const keyMay = allows({ role: 'api_key', creatorRole: 'org_admin' }, route.permission!);
      await expectRejected(route, url, stranger.auth, keyMay ? 404 : 403, "another organization's key");
      await expectRejected(route, url, strangerAdmin.headers, 404, "another organization's org_admin");
    }
  });

  it('the weakest role: 403 where the permission table denies the viewer, for its session and its key', async () => {
    const denied = authenticated().filter((r) => !can('viewer', r.permission!));
    assert.ok(denied.length > 10, `only ${denied.length} routes deny the viewer`);
    for (const route of denied) {
      await expectRejected(route, urlOf(route), org.viewer.headers, 403, 'a viewer');
      await expectRejected(route, urlOf(route), org.viewerKey, 403, 'a key made by a viewer');
    }
  });
});
