// /v1/dpp over HTTP on every dialect: creation with the three fixtures, validator-driven 400/422
// with nothing stored, duplicates, GTIN forms, the validate endpoint and the list with its filters.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, seedTenant, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { createPassport, publisher, FIXTURES, publish, uniqueFixture } from '../../support/passports.js';

forEachDialect('dpp passports', (dialect) => {
  const { h, t } = useHarness(dialect);

  const countStored = async (tenant: Tenant) =>
    Number(
      (
        await h.db
          .selectFrom('dpp_passports')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('workspace_id', '=', tenant.workspaceId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  for (const name of FIXTURES) {
    it(`creates the ${name} fixture as a draft with its Digital Link, and reads it back`, async () => {
      const input = uniqueFixture(name);
      const res = await call(h, { method: 'POST', url: '/v1/dpp', tenant: t, body: input });
      assert.equal(res.statusCode, 201, res.body.slice(0, 500));
      const p = res.json.data;
      assert.match(p.id, /^dpp_[0-9A-HJKMNP-TV-Z]{26}$/);
      assert.equal(p.workspace_id, t.workspaceId);
      assert.equal(p.gtin, input.gtin.padStart(14, '0'));
      assert.equal(p.serial, input.serial);
      assert.equal(p.lot, input.lot ?? null);
      assert.equal(p.category, input.category);
      assert.equal(p.publication_status, 'draft');
      assert.equal(p.version, 1);
      assert.equal(p.predecessor_id, null);
      assert.deepEqual(p.data, input.data);
      const lot = input.lot ? `/10/${encodeURIComponent(input.lot)}` : '';
      assert.equal(p.digital_link, `http://qrs.test/01/${p.gtin}${lot}/21/${input.serial}`);
      assert.equal(
        p.public_url,
        `http://qrs.test/dpp/${p.gtin}/${input.serial}${input.lot ? `?lot=${encodeURIComponent(input.lot)}` : ''}`,
      );
      assert.match(p.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      assert.ok(Array.isArray(res.json.meta.warnings));
      assert.equal(res.json.meta.request_id, res.headers['x-request-id']);

      const got = await call(h, { url: `/v1/dpp/${p.id}`, tenant: t });
      assert.equal(got.statusCode, 200);
      assert.deepEqual(got.json.data, p);
    });
  }

  it('normalises a GTIN-13 to 14 digits (LMT fixture) and treats both forms as the same battery', async () => {
    const input = uniqueFixture('lmt');
    assert.equal(input.gtin.length, 13);
    const p = await createPassport(h, t, input);
    assert.equal(p.gtin, `0${input.gtin}`);
    assert.match(p.digital_link, new RegExp(`/01/0${input.gtin}/21/`));
    const dup = await call(h, {
      method: 'POST',
      url: '/v1/dpp',
      tenant: t,
      body: { ...input, gtin: `0${input.gtin}` },
    });
    expectProblem(dup, 409, 'conflict');
  });

  it('answers 422 with every validator error and stores nothing', async () => {
    const before = await countStored(t);
    const input = uniqueFixture('ev') as any;
    input.gtin = '4260123456781'; // wrong check digit
    input.data.performance.rated.ratedEnergy = -1;
    input.data.generalProductInformation.batteryMass = { value: 482500, unit: 'g' };
    input.data.bogus = true;
    const res = await call(h, { method: 'POST', url: '/v1/dpp', tenant: t, body: input });
    const problem = expectProblem(res, 422, 'validation-error');
    const byPointer = Object.fromEntries(problem.errors.map((e: any) => [e.pointer, e.code]));
    assert.equal(byPointer['/gtin'], 'gtin.check_digit');
    assert.equal(byPointer['/data/performance/rated/ratedEnergy'], 'range.positive');
    assert.equal(byPointer['/data/generalProductInformation/batteryMass'], 'unit.mismatch');
    assert.equal(byPointer['/data/bogus'], 'unknown_property');
    for (const e of problem.errors) assert.equal(typeof e.detail, 'string');
    assert.equal(await countStored(t), before);
  });

  it('a missing attribute inside data is a 422, a missing envelope field a 400; both list the errors', async () => {
    const noModel = uniqueFixture('ev') as any;
    delete noModel.data.generalProductInformation.batteryModel;
    const p422 = expectProblem(
      await call(h, { method: 'POST', url: '/v1/dpp', tenant: t, body: noModel }),
      422,
      'validation-error',
    );
    assert.deepEqual(
      p422.errors.map((e: any) => [e.pointer, e.code]),
      [['/data/generalProductInformation/batteryModel', 'required']],
    );

    const noCategory = uniqueFixture('ev') as any;
    delete noCategory.category;
    const p400 = expectProblem(
      await call(h, { method: 'POST', url: '/v1/dpp', tenant: t, body: noCategory }),
      400,
      'bad-request',
    );
    assert.ok(p400.errors.some((e: any) => e.pointer === '/category' && e.code === 'required'));
  });

  it('refuses non-object bodies (422) and unreadable JSON (400)', async () => {
    expectProblem(await call(h, { method: 'POST', url: '/v1/dpp', tenant: t, body: [1, 2] }), 422, 'validation-error');
    expectProblem(await call(h, { method: 'POST', url: '/v1/dpp', tenant: t, body: '{"gtin": ' }), 400, 'bad-request');
  });

  it('a duplicate GTIN + serial in the organization is a 409 conflict', async () => {
    const input = uniqueFixture('stationary');
    await createPassport(h, t, input);
    const again = await call(h, { method: 'POST', url: '/v1/dpp', tenant: t, body: { ...input, lot: 'OTHER-LOT' } });
    const problem = expectProblem(again, 409, 'conflict');
    assert.match(problem.detail, /GTIN and serial/);
    // Another organization may hold a draft for the same key (who publishes first wins, see lifecycle).
    const other = await seedTenant(h);
    await createPassport(h, other, input);
  });

  it('predecessor_id must name a passport of the organization', async () => {
    const original = await createPassport(h, t, uniqueFixture('ev'));
    const ghost = {
      ...uniqueFixture('ev'),
      battery_status: 'repurposed',
      predecessor_id: 'dpp_01M0000000000000000000000Z',
    };
    const bad = expectProblem(
      await call(h, { method: 'POST', url: '/v1/dpp', tenant: t, body: ghost }),
      422,
      'validation-error',
    );
    assert.deepEqual(
      bad.errors.map((e: any) => [e.pointer, e.code]),
      [['/predecessor_id', 'not_found']],
    );
    const other = await seedTenant(h);
    const foreign = { ...uniqueFixture('ev'), battery_status: 'repurposed', predecessor_id: original.id };
    expectProblem(
      await call(h, { method: 'POST', url: '/v1/dpp', tenant: other, body: foreign }),
      422,
      'validation-error',
    );
    const ok = await createPassport(h, t, foreign);
    assert.equal(ok.predecessor_id, original.id);
    assert.equal(ok.battery_status, 'repurposed');
  });

  it('reports validator warnings in meta (a 2 kWh stationary battery has no passport obligation)', async () => {
    const small = uniqueFixture('stationary') as any;
    small.data.performance.rated.ratedEnergy = 1.5;
    const res = await call(h, { method: 'POST', url: '/v1/dpp', tenant: t, body: small });
    assert.equal(res.statusCode, 201, res.body.slice(0, 500));
    assert.deepEqual(
      res.json.meta.warnings.map((w: any) => w.code),
      ['obligation.none'],
    );
  });

  describe('POST /v1/dpp/validate', () => {
    it('answers 200 with the result for valid, invalid and garbage bodies, and stores nothing', async () => {
      const before = await countStored(t);
      const ok = await call(h, { method: 'POST', url: '/v1/dpp/validate', tenant: t, body: uniqueFixture('lmt') });
      assert.equal(ok.statusCode, 200);
      assert.equal(ok.json.data.valid, true);
      assert.deepEqual(ok.json.data.summary, { errors: 0, warnings: 0, category: 'lmt', obligation: true });

      for (const garbage of [{ hello: 'world' }, [1, 2, 3], 'text', 42, null]) {
        const res = await call(h, {
          method: 'POST',
          url: '/v1/dpp/validate',
          tenant: t,
          body: JSON.stringify(garbage),
        });
        assert.equal(res.statusCode, 200, `${JSON.stringify(garbage)}: ${res.body.slice(0, 300)}`);
        assert.equal(res.json.data.valid, false);
        assert.ok(res.json.data.errors.length > 0);
        assert.equal(res.json.data.summary.errors, res.json.data.errors.length);
        for (const e of res.json.data.errors)
          assert.deepEqual(Object.keys(e).sort(), ['code', 'message', 'path', 'severity']);
      }
      assert.equal(await countStored(t), before);
    });

    it('invalid JSON syntax is still a 400 problem', async () => {
      expectProblem(
        await call(h, { method: 'POST', url: '/v1/dpp/validate', tenant: t, body: '{nope' }),
        400,
        'bad-request',
      );
    });
  });

  describe('GET /v1/dpp', () => {
    let lister: Tenant;
    const ids: Record<string, string> = {};
    const inputs: Record<string, { gtin: string }> = {};
    before(async () => {
      lister = await publisher(h);
      for (const name of FIXTURES) {
        inputs[name] = uniqueFixture(name);
        ids[name] = (await createPassport(h, lister, inputs[name])).id;
      }
      await publish(h, lister, ids.lmt);
      const repurposed = { ...uniqueFixture('ev'), battery_status: 'repurposed', predecessor_id: ids.ev };
      ids.second = (await createPassport(h, lister, repurposed)).id;
    });

    const listIds = async (query: string) => {
      const res = await call(h, { url: `/v1/dpp${query}`, tenant: lister });
      assert.equal(res.statusCode, 200, res.body.slice(0, 300));
      return res.json;
    };

    it('lists newest first with total_count', async () => {
      const body = await listIds('');
      assert.deepEqual(
        body.data.map((p: any) => p.id),
        [ids.second, ids.stationary, ids.lmt, ids.ev],
      );
      assert.deepEqual(body.meta.pagination, { has_more: false, next_cursor: null, total_count: 4 });
    });

    it('filters by category, battery_status, publication_status and gtin in any GTIN form', async () => {
      assert.deepEqual(
        (await listIds('?category=ev')).data.map((p: any) => p.id),
        [ids.second, ids.ev],
      );
      assert.deepEqual(
        (await listIds('?battery_status=repurposed')).data.map((p: any) => p.id),
        [ids.second],
      );
      assert.deepEqual(
        (await listIds('?publication_status=published')).data.map((p: any) => p.id),
        [ids.lmt],
      );
      assert.deepEqual(
        (await listIds('?publication_status=draft&category=stationary')).data.map((p: any) => p.id),
        [ids.stationary],
      );
      assert.equal(inputs.lmt.gtin.length, 13);
      assert.deepEqual(
        (await listIds(`?gtin=${inputs.lmt.gtin}`)).data.map((p: any) => p.id),
        [ids.lmt],
      );
      assert.deepEqual(
        (await listIds(`?gtin=0${inputs.lmt.gtin}`)).data.map((p: any) => p.id),
        [ids.lmt],
      );
      assert.equal((await listIds(`?gtin=${inputs.ev.gtin}`)).meta.pagination.total_count, 2);
    });

    it('pages with limit and cursor', async () => {
      const first = await listIds('?limit=3');
      assert.equal(first.data.length, 3);
      assert.equal(first.meta.pagination.has_more, true);
      assert.equal(first.meta.pagination.next_cursor, ids.lmt);
      assert.equal(first.meta.pagination.total_count, 4);
      const second = await listIds(`?limit=3&cursor=${first.meta.pagination.next_cursor}`);
      assert.deepEqual(
        second.data.map((p: any) => p.id),
        [ids.ev],
      );
      assert.deepEqual(second.meta.pagination, { has_more: false, next_cursor: null, total_count: 4 });
    });

    it('refuses a bad GTIN filter, an unknown filter value, a bad limit and a foreign cursor with 422', async () => {
      const gtin = expectProblem(
        await call(h, { url: '/v1/dpp?gtin=4260123450015', tenant: lister }),
        422,
        'validation-error',
      );
      assert.deepEqual(
        gtin.errors.map((e: any) => [e.pointer, e.code]),
        [['/query/gtin', 'gtin.check_digit']],
      );
      expectProblem(await call(h, { url: '/v1/dpp?category=phone', tenant: lister }), 422, 'validation-error');
      expectProblem(await call(h, { url: '/v1/dpp?limit=101', tenant: lister }), 422, 'validation-error');
      expectProblem(
        await call(h, { url: '/v1/dpp?cursor=qr_01M0000000000000000000000Z', tenant: lister }),
        422,
        'validation-error',
      );
      const foreign = await createPassport(h, t, uniqueFixture('ev'));
      expectProblem(await call(h, { url: `/v1/dpp?cursor=${foreign.id}`, tenant: lister }), 422, 'validation-error');
    });
  });
});
