// Dynamic data through the append-only readings log: appended, listed, the newest shown on the
// page; bad input stores nothing; no edit or delete; other tenants get 404.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, seedTenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { pathOf, publishedPassport } from '../../support/passports.js';

forEachDialect('dpp readings (append-only dynamic data)', (dialect) => {
  const { h } = useHarness(dialect, { tenant: false });

  const count = async (id: string) =>
    (
      await h.db
        .selectFrom('dpp_readings')
        .select(h.db.fn.countAll<number>().as('n'))
        .where('passport_id', '=', id)
        .executeTakeFirstOrThrow()
    ).n;

  it('appends readings, lists the history, and the passport and its page show the newest value', async () => {
    const { tenant, passport } = await publishedPassport(h, 'ev');
    const res = await call(h, {
      method: 'POST',
      url: `/v1/dpp/${passport.id}/readings`,
      tenant,
      body: {
        readings: [
          { attribute: 'stateOfHealth', value: 96.5, measured_at: '2026-11-20T08:00:00Z' },
          { attribute: 'numberOfFullCycles', value: 412, measured_at: '2026-11-20T08:00:00Z' },
          { attribute: 'temperatureHistory', value: 31.5, measured_at: '2026-11-20T08:00:00Z' },
          {
            attribute: 'negativeEvents',
            value: 'Minor impact, housing inspected',
            measured_at: '2026-11-19T10:00:00Z',
          },
        ],
      },
    });
    assert.equal(res.statusCode, 201, res.body.slice(0, 500));
    assert.equal(res.json.data.length, 4);
    assert.match(res.json.data[0].id, /^dpr_/);
    assert.equal(res.json.data[0].measured_at, '2026-11-20T08:00:00.000Z');

    // An older measurement uploaded late does not hide the newer one; it is still in the history.
    const late = await call(h, {
      method: 'POST',
      url: `/v1/dpp/${passport.id}/readings`,
      tenant,
      body: { readings: [{ attribute: 'stateOfHealth', value: 99, measured_at: '2026-01-01T00:00:00Z' }] },
    });
    assert.equal(late.statusCode, 201);

    const got = (await call(h, { url: `/v1/dpp/${passport.id}`, tenant })).json.data;
    const dynamic = got.data.performance.dynamic;
    assert.deepEqual(dynamic.stateOfHealth, { value: 96.5, lastUpdate: '2026-11-20T08:00:00.000Z' });
    assert.equal(dynamic.numberOfFullCycles.value, 412);
    assert.deepEqual(dynamic.temperatureHistory.at(-1), { value: 31.5, lastUpdate: '2026-11-20T08:00:00.000Z' });
    assert.equal(dynamic.negativeEvents.at(-1).value, 'Minor impact, housing inspected');
    assert.equal(got.version, passport.version + 1, 'the late reading changed nothing: no second version');

    const history = await call(h, { url: `/v1/dpp/${passport.id}/readings?attribute=stateOfHealth`, tenant });
    assert.equal(history.statusCode, 200);
    assert.deepEqual(
      history.json.data.map((r: { value: number }) => r.value),
      [99, 96.5],
    );
    const all = await call(h, { url: `/v1/dpp/${passport.id}/readings?limit=2`, tenant });
    assert.equal(all.json.data.length, 2);
    assert.equal(all.json.meta.pagination.has_more, true);

    const audit = await h.db
      .selectFrom('audit_logs')
      .select(['action'])
      .where('resource_id', '=', passport.id)
      .where('action', '=', 'dpp.readings_recorded')
      .execute();
    assert.equal(audit.length, 2);

    // The page (with a legitimate-interest grant) shows the newest state of health in the summary.
    const grant = await call(h, {
      method: 'POST',
      url: `/v1/dpp/${passport.id}/access-grants`,
      tenant,
      body: { level: 'legitimate_interest', expires_at: new Date(Date.now() + 86400_000).toISOString() },
    });
    const page = await call(h, {
      url: pathOf(passport.public_url),
      headers: { accept: 'text/html', authorization: `Bearer ${grant.json.data.token}` },
    });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /State of health<\/dt><dd>96\.5&nbsp;<abbr title="percent">%<\/abbr>/);
    // The public page does not show it (Annex XIII 4: legitimate interest).
    const publicPage = await call(h, { url: pathOf(passport.public_url), headers: { accept: 'text/html' } });
    assert.doesNotMatch(publicPage.body, /State of health/);
  });

  it('bad input is a problem document at the reading, and nothing is stored', async () => {
    const { tenant, passport } = await publishedPassport(h, 'ev');
    const before = await count(passport.id);
    const bad = async (readings: unknown, pointer: string, code?: string) => {
      const res = await call(h, {
        method: 'POST',
        url: `/v1/dpp/${passport.id}/readings`,
        tenant,
        body: { readings },
      });
      const problem = expectProblem(
        res,
        res.statusCode === 400 ? 400 : 422,
        res.statusCode === 400 ? 'bad-request' : 'validation-error',
      );
      assert.ok(
        problem.errors.some(
          (e: { pointer: string; code: string }) => e.pointer === pointer && (!code || e.code === code),
        ),
        JSON.stringify(problem.errors),
      );
    };
    const ok = { attribute: 'stateOfHealth', value: 90, measured_at: '2026-11-20T08:00:00Z' };
    await bad([ok, { ...ok, value: 140 }], '/readings/1/value', 'range.percent');
    await bad([ok, { ...ok, attribute: 'numberOfFullCycles', value: 1.5 }], '/readings/1/value');
    await bad([{ ...ok, attribute: 'negativeEvents', value: 3 }], '/readings/0/value');
    await bad([{ ...ok, measured_at: '2999-01-01T00:00:00Z' }], '/readings/0/measured_at', 'date.future');
    await bad([{ ...ok, attribute: 'ratedCapacity' }], '/readings/0/attribute');
    await bad([{ ...ok, extra: 1 }], '/readings/0/extra');
    const empty = await call(h, {
      method: 'POST',
      url: `/v1/dpp/${passport.id}/readings`,
      tenant,
      body: { readings: [] },
    });
    assert.ok([400, 422].includes(empty.statusCode));
    assert.equal(await count(passport.id), before);
    const got = (await call(h, { url: `/v1/dpp/${passport.id}`, tenant })).json.data;
    assert.equal(got.version, passport.version, 'no new version');
  });

  it('readings cannot be edited or deleted; an archived passport takes none (409)', async () => {
    const { tenant, passport } = await publishedPassport(h, 'lmt');
    const res = await call(h, {
      method: 'POST',
      url: `/v1/dpp/${passport.id}/readings`,
      tenant,
      body: { readings: [{ attribute: 'stateOfCharge', value: 80, measured_at: '2026-11-20T08:00:00Z' }] },
    });
    const id = res.json.data[0].id;
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      const r = await call(h, {
        method,
        url: `/v1/dpp/${passport.id}/readings/${id}`,
        tenant,
        body: method === 'DELETE' ? undefined : { value: 1 },
      });
      assert.ok([404, 405].includes(r.statusCode), `${method} ${r.statusCode}`);
      const r2 = await call(h, {
        method,
        url: `/v1/dpp/${passport.id}/readings`,
        tenant,
        body: method === 'DELETE' ? undefined : { value: 1 },
      });
      assert.ok([404, 405].includes(r2.statusCode), `${method} list ${r2.statusCode}`);
    }
    assert.equal(await count(passport.id), 1);
    await call(h, { method: 'POST', url: `/v1/dpp/${passport.id}/archive`, tenant });
    const archived = await call(h, {
      method: 'POST',
      url: `/v1/dpp/${passport.id}/readings`,
      tenant,
      body: { readings: [{ attribute: 'stateOfCharge', value: 70, measured_at: '2026-11-21T08:00:00Z' }] },
    });
    expectProblem(archived, 409, 'conflict');
    assert.equal(await count(passport.id), 1);
  });

  it("another organization's or workspace's key gets 404 and sees nothing", async () => {
    const { tenant, passport } = await publishedPassport(h, 'stationary');
    await call(h, {
      method: 'POST',
      url: `/v1/dpp/${passport.id}/readings`,
      tenant,
      body: { readings: [{ attribute: 'stateOfHealth', value: 97, measured_at: '2026-11-20T08:00:00Z' }] },
    });
    const other = await seedTenant(h);
    const list = await call(h, { url: `/v1/dpp/${passport.id}/readings`, tenant: other });
    expectProblem(list, 404, 'not-found');
    const post = await call(h, {
      method: 'POST',
      url: `/v1/dpp/${passport.id}/readings`,
      tenant: other,
      body: { readings: [{ attribute: 'stateOfHealth', value: 1, measured_at: '2026-11-20T08:00:00Z' }] },
    });
    expectProblem(post, 404, 'not-found');
    assert.equal(await count(passport.id), 1);
  });
});
