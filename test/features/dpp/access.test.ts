// The public page and its access levels over HTTP. Unique marker strings are planted in
// restricted attributes; a request without a valid grant of the right level must never see them,
// in HTML or JSON. Grants: creation rules, one-time token, hash-only storage, audit, revocation.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { call, expectProblem, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { createPassport, publisher, publish, pathOf, uniqueFixture } from '../../support/passports.js';
import { TestClock } from '../../support/clock.js';

const HOUR = 3_600_000;

forEachDialect('dpp access levels', (dialect) => {
  let t: Tenant;
  const clock = TestClock.live(); // moved forward to expire grants
  const tag = randomBytes(4).toString('hex');
  const LI = `LIMARK${tag}`; // legitimate-interest marker
  const AUTH = `AUTHMARK${tag}`; // authority marker
  let passport: any;
  let page: string;

  const { h } = useHarness(dialect, { clock, tenant: false });
  before(async () => {
    t = await publisher(h);
    const input = uniqueFixture('ev') as any;
    input.data.materialComposition.batteryMaterials[0].materialName = `${LI} cathode`;
    input.data.performance.dynamic.negativeEvents = [
      { value: `${LI} thermal event`, lastUpdate: '2026-10-01T00:00:00.000Z' },
    ];
    input.data.circularity.safetyMeasures.safetyInstructions = `https://li.example/${LI}/safety.pdf`;
    input.data.labels.resultOfTestReport = [`https://authority.example/${AUTH}/report.pdf`];
    const created = await createPassport(h, t, input);
    passport = await publish(h, t, created.id);
    page = pathOf(passport.public_url);
  });

  const grant = async (level: string, id = passport.id, expiresIn = 24 * HOUR, tenant = t) => {
    const res = await call(h, {
      method: 'POST',
      url: `/v1/dpp/${id}/access-grants`,
      tenant,
      body: { level, expires_at: new Date(clock.now().getTime() + expiresIn).toISOString(), note: 'Recycler GmbH' },
    });
    assert.equal(res.statusCode, 201, res.body.slice(0, 300));
    return res.json.data;
  };
  const html = (headers: Record<string, string> = {}, url = page) =>
    call(h, { url, headers: { accept: 'text/html', ...headers } });
  const json = (headers: Record<string, string> = {}, url = page) =>
    call(h, { url, headers: { accept: 'application/json', ...headers } });
  const withToken = (token: string) => `${page}${page.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;

  it('the public page shows public attributes with units and no restricted value (HTML and JSON)', async () => {
    const res = await html();
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/html; charset=utf-8/);
    assert.ok(res.body.includes(passport.data.generalProductInformation.batteryModel));
    assert.match(res.body, /<abbr title="kilowatt-hours">kWh<\/abbr>/);
    assert.match(res.body, /<meta name="viewport"/);
    assert.match(String(res.headers['content-security-policy']), /default-src 'none'/);
    assert.match(String(res.headers.link), /rel="linkset"/);
    assert.equal(res.headers['cache-control'], 'public, max-age=60');
    for (const marker of [LI, AUTH]) assert.equal(res.body.includes(marker), false, marker);

    const j = await json();
    assert.equal(j.statusCode, 200);
    assert.match(String(j.headers['content-type']), /^application\/json/);
    assert.equal(j.json.data.access_level, 'public');
    assert.equal(
      j.json.data.data.generalProductInformation.batteryModel,
      passport.data.generalProductInformation.batteryModel,
    );
    assert.equal(j.json.data.data.performance.rated.ratedEnergy, 77);
    assert.equal(j.json.data.battery_status, undefined);
    assert.equal(j.json.data.data.labels.resultOfTestReport, undefined);
    assert.equal(j.json.data.data.performance.dynamic, undefined);
    for (const field of ['id', 'workspace_id', 'publication_status', 'created_at'])
      assert.equal(field in j.json.data, false, field);
    for (const marker of [LI, AUTH]) assert.equal(j.body.includes(marker), false, marker);
  });

  // A browser opening ?token= gets a short-lived HttpOnly cookie and a 303 to the clean URL.
  const viaQuery = async (token: string) => {
    const first = await html({}, withToken(token));
    assert.equal(first.statusCode, 303, first.body.slice(0, 200));
    assert.equal(first.headers.location, page);
    const cookie = String(first.headers['set-cookie']);
    assert.match(cookie, /^qrs_grant_dpp_[0-9A-Z]+=.+; Max-Age=900; Path=\/dpp\/; HttpOnly; SameSite=Lax$/);
    return html({ cookie: cookie.split(';')[0] });
  };

  it('a legitimate-interest grant shows its level (header or ?token=) but not authority data', async () => {
    const g = await grant('legitimate_interest');
    for (const res of [
      await html({ authorization: `Bearer ${g.token}` }),
      await json({ authorization: `Bearer ${g.token}` }),
      await viaQuery(g.token),
    ]) {
      assert.equal(res.statusCode, 200, res.body.slice(0, 200));
      assert.ok(res.body.includes(LI), 'legitimate-interest marker shown');
      assert.equal(res.body.includes(AUTH), false, 'authority marker hidden');
      assert.equal(res.headers['cache-control'], 'private, no-store');
      assert.equal(res.headers['referrer-policy'], 'no-referrer');
    }
    const j = await json({ authorization: `Bearer ${g.token}` });
    assert.equal(j.json.data.access_level, 'legitimate_interest');
    assert.equal(j.json.data.battery_status, 'original');
  });

  it('an authority grant shows everything', async () => {
    const g = await grant('authority');
    const j = await json({ authorization: `Bearer ${g.token}` });
    assert.equal(j.json.data.access_level, 'authority');
    assert.ok(j.body.includes(LI) && j.body.includes(AUTH));
    const res = await html({ authorization: `Bearer ${g.token}` });
    assert.ok(res.body.includes(LI) && res.body.includes(AUTH));
  });

  it("unknown, malformed, expired, revoked and other passports' tokens get 401 and no restricted value", async () => {
    const other = await publish(h, t, (await createPassport(h, t, uniqueFixture('lmt'))).id);
    const foreign = await grant('authority', other.id);
    const revoked = await grant('authority');
    const del = await call(h, {
      method: 'DELETE',
      url: `/v1/dpp/${passport.id}/access-grants/${revoked.id}`,
      tenant: t,
    });
    assert.equal(del.statusCode, 200);
    assert.ok(del.json.data.revoked_at);
    const expiring = await grant('authority', passport.id, HOUR);
    clock.t = 2 * HOUR;
    try {
      const bad = [foreign.token, revoked.token, expiring.token, 'qrs_dpg_' + 'A'.repeat(40), 'not-a-token'];
      for (const token of bad) {
        const p = expectProblem(await json({ authorization: `Bearer ${token}` }), 401, 'authentication');
        assert.equal(JSON.stringify(p).includes(LI), false);
        const page401 = await html({ authorization: `Bearer ${token}` });
        assert.equal(page401.statusCode, 401);
        assert.match(String(page401.headers['content-type']), /^text\/html/);
        const viaQuery = await html({}, withToken(token));
        assert.equal(viaQuery.statusCode, 401);
        for (const body of [page401.body, viaQuery.body]) {
          assert.equal(body.includes(LI) || body.includes(AUTH), false);
          assert.equal(body.includes(passport.data.generalProductInformation.batteryModel), false);
        }
      }
      // the foreign token still works on its own passport
      const own = await json({ authorization: `Bearer ${foreign.token}` }, pathOf(other.public_url));
      assert.equal(own.json.data.access_level, 'authority');
    } finally {
      clock.t = 0;
    }
  });

  it('unpublished and archived passports are 404 (HTML page or problem per Accept), even with a grant', async () => {
    const draft = await createPassport(h, t, uniqueFixture('stationary'));
    const draftGrant = await grant('authority', draft.id);
    for (const headers of [{}, { authorization: `Bearer ${draftGrant.token}` }] as Record<string, string>[]) {
      expectProblem(await json(headers, pathOf(draft.public_url)), 404, 'not-found');
      const res = await html(headers, pathOf(draft.public_url));
      assert.equal(res.statusCode, 404);
      assert.match(res.body, /<h1>Battery passport not found<\/h1>/);
    }
    const gone = await publish(h, t, (await createPassport(h, t, uniqueFixture('ev'))).id);
    assert.equal((await html({}, pathOf(gone.public_url))).statusCode, 200);
    await call(h, { method: 'POST', url: `/v1/dpp/${gone.id}/archive`, tenant: t });
    expectProblem(await json({}, pathOf(gone.public_url)), 404, 'not-found');
    assert.equal((await html({}, pathOf(gone.public_url))).statusCode, 404);
  });

  it('matches the lot when one is given, and 404s malformed keys', async () => {
    const url = new URL(passport.public_url);
    assert.equal((await json({}, url.pathname)).statusCode, 200, 'lot is optional');
    expectProblem(await json({}, `${url.pathname}?lot=WRONG`), 404, 'not-found');
    expectProblem(await json({}, `/dpp/04260123456781/${passport.serial}`), 404, 'not-found');
    // the page takes any GTIN form, like the resolver
    assert.equal((await json({}, `/dpp/${passport.gtin.slice(1)}/${passport.serial}${url.search}`)).statusCode, 200);
  });

  describe('POST /v1/dpp/:id/access-grants', () => {
    it('shows the token once, stores only its SHA-256, lists grants without tokens, and audits', async () => {
      const g = await grant('legitimate_interest');
      assert.match(g.id, /^grt_[0-9A-HJKMNP-TV-Z]{26}$/);
      assert.match(g.token, /^qrs_dpg_[0-9A-Za-z]{40}$/);
      assert.equal(g.level, 'legitimate_interest');
      assert.equal(g.note, 'Recycler GmbH');
      assert.equal(g.revoked_at, null);
      const row = await h.db
        .selectFrom('dpp_access_grants')
        .selectAll()
        .where('id', '=', g.id)
        .executeTakeFirstOrThrow();
      assert.equal(JSON.stringify(row).includes(g.token), false);
      assert.match(row.token_hash, /^[0-9a-f]{64}$/);

      const list = await call(h, { url: `/v1/dpp/${passport.id}/access-grants`, tenant: t });
      assert.equal(list.statusCode, 200);
      assert.ok(list.json.data.some((x: any) => x.id === g.id));
      assert.equal(list.body.includes(g.token), false);
      assert.ok(list.json.data.every((x: any) => !('token' in x)));

      const audit = await h.db
        .selectFrom('audit_logs')
        .selectAll()
        .where('resource_id', '=', passport.id)
        .where('action', '=', 'dpp.access_granted')
        .execute();
      assert.ok(audit.length >= 1);
      assert.ok(audit.every((a) => !a.changes.includes('qrs_dpg_')));
      assert.ok(audit.some((a) => JSON.parse(a.changes).grant_id?.new === g.id));
    });

    it('refuses a past or more-than-a-year expiry, the public level and unknown fields with 422', async () => {
      const at = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
      const post = (body: unknown) =>
        call(h, { method: 'POST', url: `/v1/dpp/${passport.id}/access-grants`, tenant: t, body });
      const past = expectProblem(await post({ level: 'authority', expires_at: at(-HOUR) }), 422, 'validation-error');
      assert.deepEqual(
        past.errors.map((e: any) => [e.pointer, e.code]),
        [['/expires_at', 'future']],
      );
      const far = expectProblem(
        await post({ level: 'authority', expires_at: at(400 * 24 * HOUR) }),
        422,
        'validation-error',
      );
      assert.deepEqual(
        far.errors.map((e: any) => [e.pointer, e.code]),
        [['/expires_at', 'max']],
      );
      expectProblem(await post({ level: 'public', expires_at: at(HOUR) }), 422, 'validation-error');
      expectProblem(await post({ level: 'authority', expires_at: 'tomorrow' }), 422, 'validation-error');
      expectProblem(await post({ level: 'authority', expires_at: at(HOUR), token: 'mine' }), 422, 'validation-error');
      expectProblem(await post({ expires_at: at(HOUR) }), 400, 'bad-request');
    });
  });
});
