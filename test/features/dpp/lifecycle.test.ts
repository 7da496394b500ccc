// PATCH as a JSON merge patch with re-validation and version history, the draft → published →
// archived lifecycle, and the audit entries of every change, on every dialect.
import { it, before } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { createPassport, publisher, publish, uniqueFixture } from '../../support/passports.js';

forEachDialect('dpp lifecycle', (dialect) => {
  let t: Tenant;
  const { h } = useHarness(dialect, { tenant: false });
  before(async () => {
    t = await publisher(h);
  });

  const patch = (id: string, body: unknown) => call(h, { method: 'PATCH', url: `/v1/dpp/${id}`, tenant: t, body });
  const versions = async (id: string, query = '') => {
    const res = await call(h, { url: `/v1/dpp/${id}/versions${query}`, tenant: t });
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    return res.json;
  };
  const auditActions = async (id: string) =>
    await h.db
      .selectFrom('audit_logs')
      .select(['action', 'resource_type', 'actor_type', 'changes'])
      .where('resource_id', '=', id)
      .orderBy('id')
      .execute();

  it('merges data, validates the result whole and records a version per change', async () => {
    const p = await createPassport(h, t, uniqueFixture('ev'));
    const res = await patch(p.id, {
      battery_status: 'repurposed',
      data: {
        generalProductInformation: { batteryMass: 480, warrantyPeriod: null },
        performance: { dynamic: { stateOfHealth: { value: 91.5, lastUpdate: '2026-11-01T10:00:00.000Z' } } },
      },
    });
    assert.equal(res.statusCode, 200, res.body.slice(0, 500));
    const v2 = res.json.data;
    assert.equal(v2.version, 2);
    assert.equal(v2.battery_status, 'repurposed');
    assert.equal(v2.data.generalProductInformation.batteryMass, 480);
    assert.equal('warrantyPeriod' in v2.data.generalProductInformation, false);
    assert.equal(v2.data.generalProductInformation.batteryModel, p.data.generalProductInformation.batteryModel);
    assert.deepEqual(v2.data.performance.dynamic.stateOfHealth, {
      value: 91.5,
      lastUpdate: '2026-11-01T10:00:00.000Z',
    });
    assert.deepEqual(v2.data.performance.dynamic.numberOfFullCycles, p.data.performance.dynamic.numberOfFullCycles);
    // repurposed without predecessor: a warning, not an error
    assert.deepEqual(
      res.json.meta.warnings.map((w: any) => w.code),
      ['predecessor.missing'],
    );

    const list = await versions(p.id);
    assert.deepEqual(
      list.data.map((v: any) => [v.version, v.action, v.battery_status]),
      [
        [2, 'updated', 'repurposed'],
        [1, 'created', 'original'],
      ],
    );
    assert.equal(list.data[1].data.generalProductInformation.batteryMass, p.data.generalProductInformation.batteryMass);
    assert.equal(list.data[0].actor_type, 'api');
    assert.deepEqual(list.meta.pagination, { has_more: false, next_cursor: null, total_count: 2 });
  });

  it('refuses a patch whose merged result is invalid, with the validator errors, and changes nothing', async () => {
    const p = await createPassport(h, t, uniqueFixture('lmt'));
    const bad = expectProblem(
      await patch(p.id, { data: { performance: { rated: { ratedEnergy: -5, nominalVoltage: null } } } }),
      422,
      'validation-error',
    );
    assert.deepEqual(bad.errors.map((e: any) => [e.pointer, e.code]).sort(), [
      ['/data/performance/rated/nominalVoltage', 'required'],
      ['/data/performance/rated/ratedEnergy', 'range.positive'],
    ]);
    const unchanged = await call(h, { url: `/v1/dpp/${p.id}`, tenant: t });
    assert.deepEqual(unchanged.json.data, p);
    assert.equal((await versions(p.id)).data.length, 1);
  });

  it('keeps the identity immutable and refuses unknown or empty patches', async () => {
    const p = await createPassport(h, t, uniqueFixture('lmt'));
    const identity = expectProblem(await patch(p.id, { gtin: '4260123450014', serial: 'X' }), 422, 'validation-error');
    assert.deepEqual(
      identity.errors.map((e: any) => [e.pointer, e.code]),
      [
        ['/gtin', 'immutable'],
        ['/serial', 'immutable'],
      ],
    );
    const unknown = expectProblem(await patch(p.id, { colour: 'red' }), 422, 'validation-error');
    assert.deepEqual(
      unknown.errors.map((e: any) => e.code),
      ['unknown_property'],
    );
    expectProblem(await patch(p.id, {}), 422, 'validation-error');
    expectProblem(await patch(p.id, { data: [1] }), 422, 'validation-error');
    expectProblem(await patch(p.id, { battery_status: 'broken' }), 422, 'validation-error');
  });

  it('a patch that changes nothing makes no version and no audit entry', async () => {
    const p = await createPassport(h, t, uniqueFixture('stationary'));
    const same = await patch(p.id, {
      battery_status: 'original',
      data: { generalProductInformation: { batteryMass: p.data.generalProductInformation.batteryMass } },
    });
    assert.equal(same.statusCode, 200);
    assert.equal(same.json.data.version, 1);
    assert.equal((await versions(p.id)).data.length, 1);
    assert.deepEqual(
      (await auditActions(p.id)).map((a) => a.action),
      ['dpp.created'],
    );
  });

  it('sets and removes predecessor_id (null removes; it must exist in the organization)', async () => {
    const original = await createPassport(h, t, uniqueFixture('ev'));
    const p = await createPassport(h, t, { ...uniqueFixture('ev'), battery_status: 'remanufactured' });
    const set = await patch(p.id, { predecessor_id: original.id });
    assert.equal(set.json.data.predecessor_id, original.id);
    expectProblem(await patch(p.id, { predecessor_id: p.id }), 422, 'validation-error');
    expectProblem(await patch(p.id, { predecessor_id: 'dpp_01M0000000000000000000000Z' }), 422, 'validation-error');
    const removed = await patch(p.id, { predecessor_id: null });
    assert.equal(removed.json.data.predecessor_id, null);
    assert.equal(removed.json.data.version, 3);
  });

  it('pages the version history newest first by version number', async () => {
    const p = await createPassport(h, t, uniqueFixture('ev'));
    for (const mass of [470, 471, 472])
      await patch(p.id, { data: { generalProductInformation: { batteryMass: mass } } });
    const first = await versions(p.id, '?limit=2');
    assert.deepEqual(
      first.data.map((v: any) => v.version),
      [4, 3],
    );
    assert.deepEqual(first.meta.pagination, { has_more: true, next_cursor: '3', total_count: 4 });
    const second = await versions(p.id, '?limit=2&cursor=3');
    assert.deepEqual(
      second.data.map((v: any) => v.version),
      [2, 1],
    );
    assert.deepEqual(second.meta.pagination, { has_more: false, next_cursor: null, total_count: 4 });
    expectProblem(await call(h, { url: `/v1/dpp/${p.id}/versions?cursor=9`, tenant: t }), 422, 'validation-error');
    expectProblem(await call(h, { url: `/v1/dpp/${p.id}/versions?cursor=abc`, tenant: t }), 422, 'validation-error');
  });

  it('publishes a valid draft, archives it, and refuses the other transitions with 409', async () => {
    const p = await createPassport(h, t, uniqueFixture('lmt'));
    const published = await publish(h, t, p.id);
    assert.equal(published.publication_status, 'published');
    assert.equal(published.version, 2);
    expectProblem(await call(h, { method: 'POST', url: `/v1/dpp/${p.id}/publish`, tenant: t }), 409, 'conflict');

    // A published passport still takes updates (dynamic data, status changes).
    const updated = await patch(p.id, {
      data: {
        performance: { dynamic: { numberOfFullCycles: { value: 120, lastUpdate: '2026-11-10T00:00:00.000Z' } } },
      },
    });
    assert.equal(updated.json.data.version, 3);
    assert.equal(updated.json.data.publication_status, 'published');

    const archived = await call(h, { method: 'POST', url: `/v1/dpp/${p.id}/archive`, tenant: t });
    assert.equal(archived.statusCode, 200);
    assert.equal(archived.json.data.publication_status, 'archived');
    assert.equal(archived.json.data.version, 4);
    expectProblem(await call(h, { method: 'POST', url: `/v1/dpp/${p.id}/archive`, tenant: t }), 409, 'conflict');
    expectProblem(await call(h, { method: 'POST', url: `/v1/dpp/${p.id}/publish`, tenant: t }), 409, 'conflict');
    expectProblem(await patch(p.id, { battery_status: 'waste' }), 409, 'conflict');

    assert.deepEqual(
      (await versions(p.id)).data.map((v: any) => [v.version, v.action, v.publication_status]),
      [
        [4, 'archived', 'archived'],
        [3, 'updated', 'published'],
        [2, 'published', 'published'],
        [1, 'created', 'draft'],
      ],
    );
    const audit = await auditActions(p.id);
    assert.deepEqual(
      audit.map((a) => a.action),
      ['dpp.created', 'dpp.published', 'dpp.updated', 'dpp.archived'],
    );
    assert.ok(audit.every((a) => a.resource_type === 'dpp' && a.actor_type === 'api'));
    assert.deepEqual(JSON.parse(audit[1].changes).publication_status, { old: 'draft', new: 'published' });
  });

  it('a draft can be archived without being published', async () => {
    const p = await createPassport(h, t, uniqueFixture('ev'));
    const res = await call(h, { method: 'POST', url: `/v1/dpp/${p.id}/archive`, tenant: t });
    assert.equal(res.json.data.publication_status, 'archived');
  });

  it('only a passport valid today can be published (422 with the errors)', async () => {
    const p = await createPassport(h, t, uniqueFixture('ev'));
    // Stored data can fall behind the rules; simulate a passport that no longer validates.
    const data = {
      ...p.data,
      generalProductInformation: { ...p.data.generalProductInformation, manufacturingDate: '2999-01-01' },
    };
    await h.db
      .updateTable('dpp_passports')
      .set({ data: JSON.stringify(data) })
      .where('id', '=', p.id)
      .execute();
    const res = expectProblem(
      await call(h, { method: 'POST', url: `/v1/dpp/${p.id}/publish`, tenant: t }),
      422,
      'validation-error',
    );
    assert.ok(
      res.errors.some(
        (e: any) => e.pointer === '/data/generalProductInformation/manufacturingDate' && e.code === 'date.future',
      ),
    );
    const still = await call(h, { url: `/v1/dpp/${p.id}`, tenant: t });
    assert.equal(still.json.data.publication_status, 'draft');
  });

  it("a GS1 key under one organization's verified prefix cannot be published by another, even once ours is archived", async () => {
    const input = uniqueFixture('stationary');
    const mine = await createPassport(h, t, input);
    const other = await publisher(h);
    const theirs = (await call(h, { method: 'POST', url: '/v1/dpp', tenant: other, body: input })).json.data;
    await publish(h, t, mine.id);
    const res = expectProblem(
      await call(h, { method: 'POST', url: `/v1/dpp/${theirs.id}/publish`, tenant: other }),
      422,
      'validation-error',
    );
    assert.deepEqual(
      res.errors.map((e: any) => [e.pointer, e.code]),
      [['/gtin', 'gs1.prefix_unverified']],
    );
    await call(h, { method: 'POST', url: `/v1/dpp/${mine.id}/archive`, tenant: t });
    expectProblem(
      await call(h, { method: 'POST', url: `/v1/dpp/${theirs.id}/publish`, tenant: other }),
      422,
      'validation-error',
    );
  });
});
