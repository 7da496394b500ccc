// Every request example the reference pre-fills (GET /openapi.json) is sent to a real server with a
// tenant's API key and must succeed: a reader who presses "Send" on an example never gets a 422
// (docs/decisions.md D34). Path ids become real ids: those the examples before made (the passport of
// POST /v1/dpp for PATCH /v1/dpp/{id}) or fixtures made here. Bodies are sent as written, except an id
// the reader first makes with another call (a PDF code's file_id). Operations no API key may call
// (an admin's) are sent with an organization admin's dashboard session, as a reader would.
import { it, before } from 'node:test';
import assert from 'node:assert/strict';
import { call, seedMember, type Member } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import type { HostResolver } from '../../../src/platform/dns/resolvers.js';

// Webhook addresses resolve to a documentation address; the job runner never runs (poll 0), so
// nothing is ever sent there.
const resolver: HostResolver = { lookup: async () => [{ address: '203.0.113.10', family: 4 }] };

/**
 * Operations whose example cannot succeed as sent by construction, with the reason. Everything
 * else in the document is sent.
 */
const NOT_SENT: Record<string, string> = {
  'POST /auth/login': 'dashboard sign-in: needs the account of a reader',
  'POST /auth/password': 'dashboard session only',
  'PATCH /auth/me': 'dashboard session only',
  'POST /auth/password-reset/confirm': 'the token arrives by e-mail',
  'POST /auth/verify-email': 'the token arrives by e-mail',
  'POST /auth/email-change': 'dashboard session only',
  'POST /auth/email-change/confirm': 'the token arrives by e-mail',
  'POST /auth/2fa/enrol': 'dashboard session only; needs the password of a reader',
  'POST /auth/2fa/confirm': 'a code of the authenticator app',
  'POST /auth/2fa/disable': 'a code of the authenticator app',
  'POST /auth/invitations/accept': 'the token arrives by e-mail',
  'POST /auth/invitations/{id}/accept': 'the token arrives by e-mail',
  'POST /v1/billing/checkout': 'needs a configured payment provider',
  'DELETE /v1/users/me': 'dashboard session only; erases the caller',
  'PUT /v1/operator/organizations/{id}/plan': "an operator's session with two-factor sign-in (test/features/operator/)",
  'POST /v1/operator/gs1-prefixes/{id}/reject':
    "an operator's session with two-factor sign-in (test/features/operator/)",
  'POST /v1/operator/organizations/{id}/suspend':
    "an operator's session with two-factor sign-in (test/features/operator/)",
  'POST /v1/operator/organizations/{id}/erase':
    "an operator's session with two-factor sign-in (test/features/operator/)",
  'POST /v1/operator/users/{id}/disable': "an operator's session with two-factor sign-in (test/features/operator/)",
  'POST /v1/operator/users/{id}/erase': "an operator's session with two-factor sign-in (test/features/operator/)",
  'POST /v1/operator/announcements': "an operator's session with two-factor sign-in (test/features/operator/)",
  'PATCH /v1/operator/announcements/{id}': "an operator's session with two-factor sign-in (test/features/operator/)",
  'PUT /v1/operator/limits': "an operator's session with two-factor sign-in (test/features/operator/)",
  'POST /v1/operator/operators': "an operator's session with two-factor sign-in (test/features/operator/)",
  'POST /v1/operator/mail-test': "an operator's session with two-factor sign-in (test/features/operator/)",
  'POST /v1/codes/move': "names a folder and codes of the reader's own workspace (test/features/codes/folders.test.ts)",
  'POST /v1/conversions': "a click id names a scan of the reader's own code (test/features/conversions/)",
  'PUT /v1/organizations/{id}/sso':
    'names an identity provider, whose discovery document is read when saved (test/features/sso/ runs one on loopback)',
};

interface Sent {
  key: string;
  name: string;
  method: string;
  path: string;
  body: unknown;
  contentType: string;
}

function requestExamples(doc: any): Sent[] {
  const out: Sent[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      for (const [contentType, media] of Object.entries<any>(op.requestBody?.content ?? {})) {
        const key = `${method.toUpperCase()} ${path}`;
        if (media.example !== undefined)
          out.push({ key, name: 'example', method: method.toUpperCase(), path, body: media.example, contentType });
        for (const [name, ex] of Object.entries<any>(media.examples ?? {}))
          out.push({ key, name, method: method.toUpperCase(), path, body: ex.value, contentType });
      }
    }
  }
  return out;
}

/** A one-page PDF, for the file a PDF code shows. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
).toString('base64');

forEachDialect('request examples of the reference succeed', (dialect) => {
  const { h, t } = useHarness(dialect, {
    env: { JOBS_POLL_INTERVAL_MS: '0' },
    hostResolver: resolver,
    tenant: 'enterprise',
  });
  let doc: any;
  let admin: Member;
  /** The last id each collection path answered, and fixtures by operation. */
  const ids: Record<string, string> = {};
  const create = async (url: string, body: unknown) => {
    const res = await call(h, { method: 'POST', url, body, tenant: t });
    assert.ok(res.statusCode < 300, `fixture ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res.json.data;
  };

  before(async () => {
    admin = await seedMember(h, t, { org: 'org_admin', workspace: 'ws_admin' });
    doc = (await call(h, { url: '/openapi.json' })).json;
    ids['/v1/organizations'] = t.organizationId;
    ids['/v1/members'] = (await seedMember(h, t, { workspace: 'editor' })).userId;
    ids['/v1/codes'] = (await create('/v1/codes', { type: 'url', url: 'https://example.com/a' })).id;
    ids.file = (await create('/v1/files', { name: 'menu.pdf', content_type: 'application/pdf', data: PDF })).id;
    const locked = await create('/v1/codes', { type: 'url', url: 'https://example.com/b', password: 'open-sesame' });
    ids['POST /r/{short_code}'] = locked.short_code;
    // A code waiting for review, for the reject example: made while the workspace asks for approval.
    const approval = (on: boolean) =>
      call(h, {
        method: 'PATCH',
        url: `/v1/workspaces/${t.workspaceId}`,
        body: { approval_required: on },
        headers: admin.headers,
      });
    assert.equal((await approval(true)).statusCode, 200);
    ids['POST /v1/codes/{id}/reject'] = (await create('/v1/codes', { type: 'url', url: 'https://example.com/c' })).id;
    assert.equal((await approval(false)).statusCode, 200);
  });

  it('lists only operations that exist among those not sent', () => {
    const keys = new Set(requestExamples(doc).map((e) => e.key));
    for (const key of Object.keys(NOT_SENT)) assert.ok(keys.has(key), `${key} has no request example any more`);
  });

  it('answers 2xx (or the redirect) to every request example', async () => {
    const failures: string[] = [];
    for (const ex of requestExamples(doc)) {
      if (NOT_SENT[ex.key]) continue;
      const collection = ex.path.replace(/\/\{.*$/, '');
      const url = ex.path.replace(/\{[a-z_]+\}/g, () => ids[ex.key] ?? ids[collection] ?? 'none');
      let body = ex.body as any;
      if (body?.content?.file_id) body = { ...body, content: { ...body.content, file_id: ids.file } };
      const send = (auth: Record<string, string>) =>
        call(h, {
          method: ex.method as never,
          url,
          headers: { ...auth, 'content-type': ex.contentType },
          body:
            ex.contentType === 'application/json'
              ? JSON.stringify(body)
              : new URLSearchParams(body as Record<string, string>).toString(),
        });
      let res = await send(t.auth);
      if (res.statusCode === 403) res = await send(admin.headers);
      if (res.statusCode >= 400) failures.push(`${ex.key} [${ex.name}]: ${res.statusCode} ${res.body.slice(0, 400)}`);
      const json = /json/.test(String(res.headers['content-type'])) ? JSON.parse(res.body) : undefined;
      const created = ex.method === 'POST' && !ex.path.includes('{') ? json?.data : undefined;
      if (created?.id) ids[ex.path] ??= created.id;
    }
    assert.deepEqual(failures, []);
  });
});
