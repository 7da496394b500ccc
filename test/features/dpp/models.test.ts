// Model passports (the GTIN level) over HTTP on every dialect: the API, its rules, tenancy, the
// public model page and the battery page that extends it.
import { it, before } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, seedTenant, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { createPassport, publish, publisher, uniqueFixture } from '../../support/passports.js';
import { filterData } from '../../../src/features/dpp/dpp.public-view.js';

forEachDialect('dpp model passports', (dialect) => {
  let owner: Tenant;
  let passport: any; // a published battery passport of the model's GTIN
  let model: any;
  const { h } = useHarness(dialect, { tenant: false });
  before(async () => {
    owner = await publisher(h);
    passport = await publish(h, owner, (await createPassport(h, owner, uniqueFixture('ev'))).id);
  });

  const modelBody = (overrides: Record<string, unknown> = {}) => ({
    gtin: passport.gtin,
    category: 'ev',
    data: filterData(passport.data, 'public'),
    ...overrides,
  });
  const post = (body: unknown, tenant = owner) => call(h, { method: 'POST', url: '/v1/dpp-models', tenant, body });

  it('refuses restricted attributes (access.not_public) and a model without name or manufacturer, storing nothing', async () => {
    const restricted = expectProblem(await post(modelBody({ data: passport.data })), 422, 'validation-error');
    const codes = restricted.errors.map((e: any) => `${e.pointer} ${e.code}`);
    assert.ok(codes.includes('/data/circularity/dismantlingInformation access.not_public'), codes.join('\n'));
    assert.ok(codes.includes('/data/labels/resultOfTestReport access.not_public'), codes.join('\n'));
    const unnamed = expectProblem(await post(modelBody({ data: { carbonFootprint: {} } })), 422, 'validation-error');
    assert.deepEqual(
      unnamed.errors.map((e: any) => e.pointer),
      ['/data/generalProductInformation/batteryModel', '/data/generalProductInformation/manufacturerInformation'],
    );
    // A member the object itself needs stays required (it used to slip through and fail as a 500).
    const partial = expectProblem(
      await post(
        modelBody({ data: { generalProductInformation: { batteryModel: 'M', manufacturerInformation: {} } } }),
      ),
      422,
      'validation-error',
    );
    assert.ok(
      partial.errors.every((e: any) => e.pointer.startsWith('/data/generalProductInformation/manufacturerInformation')),
    );
    const badGtin = expectProblem(await post(modelBody({ gtin: '04260123456781' })), 422, 'validation-error');
    assert.equal(badGtin.errors[0].code, 'gtin.check_digit');
    assert.equal((await call(h, { url: '/v1/dpp-models', tenant: owner })).json.data.length, 0);
  });

  it('creates a draft (201), one live model per GTIN (409), lists and reads it; audited', async () => {
    const res = await post(modelBody());
    assert.equal(res.statusCode, 201, res.body);
    model = res.json.data;
    assert.match(model.id, /^dpm_/);
    assert.equal(model.publication_status, 'draft');
    assert.equal(model.digital_link, `http://qrs.test/01/${passport.gtin}`);
    assert.equal(model.public_url, `http://qrs.test/dpp/${passport.gtin}`);
    expectProblem(await post(modelBody()), 409, 'conflict');
    const list = await call(h, { url: `/v1/dpp-models?gtin=${passport.gtin}`, tenant: owner });
    assert.deepEqual(
      list.json.data.map((m: any) => m.id),
      [model.id],
    );
    assert.equal((await call(h, { url: `/v1/dpp-models/${model.id}`, tenant: owner })).json.data.version, 1);
    const audit = await call(h, { url: '/v1/audit-logs?resource_type=dpp', tenant: owner });
    assert.ok(audit.json.data.some((e: any) => e.action === 'dpp.model_created' && e.resource_id === model.id));
  });

  it('another organization sees nothing and gets 404 for every model route', async () => {
    const stranger = await seedTenant(h);
    assert.equal((await call(h, { url: '/v1/dpp-models', tenant: stranger })).json.data.length, 0);
    for (const [method, url, body] of [
      ['GET', `/v1/dpp-models/${model.id}`],
      ['PATCH', `/v1/dpp-models/${model.id}`, { data: { carbonFootprint: null } }],
      ['POST', `/v1/dpp-models/${model.id}/publish`],
      ['POST', `/v1/dpp-models/${model.id}/archive`],
    ] as const)
      expectProblem(await call(h, { method, url, tenant: stranger, body }), 404, 'not-found');
  });

  /** The GTIN level without a published model: the product facts of the published battery, none of the model's data. */
  async function expectProductFactsOnly() {
    const resolved = await call(h, { url: `/01/${passport.gtin}` });
    assert.equal(resolved.statusCode, 307);
    assert.equal(resolved.headers.location, `http://qrs.test/dpp/${passport.gtin}`);
    const view = await call(h, { url: `/dpp/${passport.gtin}`, headers: { accept: 'application/json' } });
    assert.equal(view.statusCode, 200);
    assert.deepEqual(Object.keys(view.json.data.data), ['generalProductInformation']);
    assert.equal(
      view.json.data.data.generalProductInformation.batteryModel,
      passport.data.generalProductInformation.batteryModel,
    );
    assert.equal(view.json.data.data.generalProductInformation.warrantyPeriod, undefined);
  }

  it("a draft is not on the resolver (RES 2.5.9: the GTIN level shows the published battery's product facts); PATCH merges, a no-op makes no version", async () => {
    await expectProductFactsOnly();
    const patched = await call(h, {
      method: 'PATCH',
      url: `/v1/dpp-models/${model.id}`,
      tenant: owner,
      body: { data: { generalProductInformation: { warrantyPeriod: 60 } } },
    });
    assert.equal(patched.statusCode, 200, patched.body);
    assert.equal(patched.json.data.version, 2);
    assert.equal(patched.json.data.data.generalProductInformation.warrantyPeriod, 60);
    const again = await call(h, {
      method: 'PATCH',
      url: `/v1/dpp-models/${model.id}`,
      tenant: owner,
      body: { data: { generalProductInformation: { warrantyPeriod: 60 } } },
    });
    assert.equal(again.json.data.version, 2);
    expectProblem(
      await call(h, { method: 'PATCH', url: `/v1/dpp-models/${model.id}`, tenant: owner, body: { gtin: '1' } }),
      422,
      'validation-error',
    );
  });

  it('publishing needs a verified GS1 company prefix covering the GTIN', async () => {
    const other = await seedTenant(h); // no prefix
    const created = await post(modelBody(), other);
    assert.equal(created.statusCode, 201);
    const p = expectProblem(
      await call(h, { method: 'POST', url: `/v1/dpp-models/${created.json.data.id}/publish`, tenant: other }),
      422,
      'validation-error',
    );
    assert.equal(p.errors[0].code, 'gs1.prefix_unverified');
  });

  it('published: /01/{gtin} redirects to the model page, which shows the public model data', async () => {
    const res = await call(h, { method: 'POST', url: `/v1/dpp-models/${model.id}/publish`, tenant: owner });
    assert.equal(res.statusCode, 200, res.body);
    const resolved = await call(h, { url: `/01/${passport.gtin}` });
    assert.equal(resolved.statusCode, 307);
    assert.equal(resolved.headers.location, model.public_url);
    const page = await call(h, { url: `/dpp/${passport.gtin}`, headers: { accept: 'text/html' } });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /Battery model passport: Voltaris VX77/);
    assert.doesNotMatch(page.body, /Serial number/);
    const view = await call(h, { url: `/dpp/${passport.gtin}`, headers: { accept: 'application/json' } });
    assert.equal(view.json.data.access_level, 'public');
    assert.equal(view.json.data.data.generalProductInformation.warrantyPeriod, 60);
    assert.equal(view.json.data.data.circularity.dismantlingInformation, undefined);
  });

  it("a battery passport extends its model's data: the model's values show where the battery has none", async () => {
    const input = uniqueFixture('ev');
    delete (input.data.generalProductInformation as any).warrantyPeriod;
    const battery = await publish(h, owner, (await createPassport(h, owner, input)).id);
    assert.equal(battery.gtin, passport.gtin);
    const view = await call(h, {
      url: new URL(battery.public_url).pathname + new URL(battery.public_url).search,
      headers: { accept: 'application/json' },
    });
    assert.equal(view.json.data.data.generalProductInformation.warrantyPeriod, 60);
    assert.equal(view.json.data.serial, battery.serial);
  });

  it("archived: the model leaves the resolver; the GTIN level falls back to the published battery's product facts", async () => {
    const res = await call(h, { method: 'POST', url: `/v1/dpp-models/${model.id}/archive`, tenant: owner });
    assert.equal(res.json.data.publication_status, 'archived');
    await expectProductFactsOnly();
    expectProblem(
      await call(h, { method: 'POST', url: `/v1/dpp-models/${model.id}/archive`, tenant: owner }),
      409,
      'conflict',
    );
  });
});
