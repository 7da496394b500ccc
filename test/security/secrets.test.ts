import { it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { call, expectProblem, seedMember } from '../support/harness.js';
import { forEachDialect, useHarness } from '../support/suite.js';
import { pathOf, publishedPassport } from '../support/passports.js';

// Regression (docs/security.md, Secrets): idempotency records kept whole responses for 24 h, API key secrets and
// grant tokens included, and a replay showed them again; ?token= reached the log.

forEachDialect('secrets at rest', (dialect) => {
  const lines: string[] = [];
  const { h, t } = useHarness(dialect, {
    logger: {
      level: 'info',
      stream: {
        write: (line: string) => {
          lines.push(line);
        },
      },
    },
    tenant: 'pro',
  });

  const kept = async (key: string) =>
    h.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirstOrThrow();

  it('an API key secret is not kept, and a replay is 409 secret-not-replayable naming the key', async () => {
    const admin = await seedMember(h, t, { org: 'org_admin' });
    const key = randomUUID();
    const send = () =>
      call(h, {
        method: 'POST',
        url: '/v1/api-keys',
        headers: { ...admin.headers, 'idempotency-key': key },
        body: { name: 'ci' },
      });
    const first = await send();
    assert.equal(first.statusCode, 201, first.body);
    const secret: string = first.json.data.api_key;
    assert.match(secret, /^qrs_sk_/);
    const row = await kept(key);
    assert.equal(row.status_code, 201);
    assert.equal(row.body!.includes(secret), false, 'secret stored in the idempotency record');
    assert.equal(JSON.parse(row.body!).data.api_key, '[secret not stored]');
    for (let i = 0; i < 2; i++) {
      const again = await send();
      const p = expectProblem(again, 409, 'secret-not-replayable');
      assert.equal(p.resource_id, first.json.data.id);
      assert.equal(p.original_status, 201);
      assert.equal(again.body.includes(secret), false);
    }
    const list = await call(h, { url: '/v1/api-keys', headers: admin.headers });
    assert.equal(list.json.data.filter((k: { name: string }) => k.name === 'ci').length, 1, 'one key created');
    // The error type is documented like every other.
    assert.equal((await call(h, { url: '/docs/errors/secret-not-replayable' })).statusCode, 200);
  });

  it('a passport access grant token is not kept either', async () => {
    const { passport } = await publishedPassport(h, 'ev', t);
    const key = randomUUID();
    const body = { level: 'authority', expires_at: new Date(Date.now() + 86_400_000).toISOString() };
    const first = await call(h, {
      method: 'POST',
      url: `/v1/dpp/${passport.id}/access-grants`,
      tenant: t,
      headers: { 'idempotency-key': key },
      body,
    });
    assert.equal(first.statusCode, 201, first.body);
    const row = await kept(key);
    assert.equal(row.body!.includes(first.json.data.token), false);
    const again = await call(h, {
      method: 'POST',
      url: `/v1/dpp/${passport.id}/access-grants`,
      tenant: t,
      headers: { 'idempotency-key': key },
      body,
    });
    expectProblem(again, 409, 'secret-not-replayable');

    // ?token= in a browser: traded for a cookie, and never logged.
    const token: string = first.json.data.token;
    const page = pathOf(passport.public_url);
    const res = await call(h, {
      url: `${page}${page.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`,
      headers: { accept: 'text/html' },
    });
    assert.equal(res.statusCode, 303);
    const cookie = String(res.headers['set-cookie']).split(';')[0];
    const shown = await call(h, { url: String(res.headers.location), headers: { accept: 'text/html', cookie } });
    assert.equal(shown.statusCode, 200);
    const header = await call(h, {
      url: page,
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    });
    assert.equal(header.json.data.access_level, 'authority');
    const log = lines.join('');
    assert.equal(log.includes(token), false, 'grant token in the log');
    assert.match(log, /token=\[redacted\]/);
  });

  it('a create without secrets still replays its answer', async () => {
    const key = randomUUID();
    const send = () =>
      call(h, {
        method: 'POST',
        url: '/v1/codes',
        tenant: t,
        headers: { 'idempotency-key': key },
        body: { type: 'url', url: 'https://example.com/r' },
      });
    const first = await send();
    const again = await send();
    assert.equal(again.statusCode, 201);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.deepEqual(again.json.data, first.json.data);
  });

  it('passwords, session cookies, CSRF tokens and API keys never reach the log', async () => {
    const login = await call(h, {
      method: 'POST',
      url: '/auth/login',
      headers: { 'idempotency-key': randomUUID() },
      body: { email: t.email, password: t.password },
    });
    assert.equal(login.statusCode, 200, login.body);
    const session = String(login.headers['set-cookie']).split(';')[0];
    const csrf: string = login.json.data.csrf_token;
    await call(h, { url: '/auth/me', headers: { cookie: session } });
    await call(h, {
      method: 'POST',
      url: '/v1/codes',
      headers: { cookie: session, 'x-csrf-token': csrf },
      body: { type: 'url', url: 'https://example.com/s' },
    });
    // An error is logged with its request: it must not carry the credentials either.
    await call(h, { url: '/v1/codes?limit=abc', tenant: t });
    const log = lines.join('');
    assert.ok(lines.length > 10, 'the logger captured request lines');
    for (const secret of [t.password, session.split('=')[1], csrf, t.apiKey])
      assert.equal(log.includes(secret), false, `secret in log: ${secret.slice(0, 12)}…`);
  });
});
