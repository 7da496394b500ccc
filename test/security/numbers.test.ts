import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { call, createHarness, expectProblem, type Harness } from '../support/harness.js';
import { forEachDialect, sqlite, useHarness } from '../support/suite.js';

// Regression (docs/security.md, Input validation): JSON numbers a double cannot hold exactly (or at all) used to reach the
// database; the row committed and the response then failed to serialise.
const HUGE: Array<[string, string]> = [
  ['1e999 (Infinity)', '1e999'],
  ['-1e999', '-1e999'],
  ['2^53+1', '9007199254740993'],
  ['2^63', '9223372036854775808'],
  ['1e308', '1e308'],
];

async function codeCount(h: Harness, workspaceId: string): Promise<number> {
  const r = await h.db
    .selectFrom('codes')
    .select(h.db.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

forEachDialect('numbers in JSON bodies', (dialect) => {
  const { h, t } = useHarness(dialect, { tenant: 'pro' });

  for (const [name, literal] of HUGE) {
    it(`max_scans ${name}: 422 with a pointer, nothing stored, the list still answers`, async () => {
      const before = await codeCount(h, t.workspaceId);
      const body = `{"type":"url","url":"https://example.com/n","max_scans":${literal}}`;
      const res = await call(h, { method: 'POST', url: '/v1/codes', tenant: t, body });
      const problem = expectProblem(res, 422, 'validation-error');
      assert.deepEqual(
        problem.errors.map((e: { pointer: string }) => e.pointer),
        ['/max_scans'],
      );
      assert.equal(await codeCount(h, t.workspaceId), before);
      const list = await call(h, { url: '/v1/codes', tenant: t });
      assert.equal(list.statusCode, 200, list.body);
    });
  }

  it('the pointer reaches into arrays and nested objects', async () => {
    const body =
      '{"type":"url","url":"https://example.com/n","destinations":[{"url":"https://a.example.com","weight":1},{"url":"https://b.example.com","weight":1e999}]}';
    const res = await call(h, { method: 'POST', url: '/v1/codes', tenant: t, body });
    const problem = expectProblem(res, 422, 'validation-error');
    assert.deepEqual(
      problem.errors.map((e: { pointer: string }) => e.pointer),
      ['/destinations/1/weight'],
    );
  });

  it('PATCH with 2^63 changes nothing', async () => {
    const created = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: { type: 'url', url: 'https://example.com/p', max_scans: 5 },
    });
    assert.equal(created.statusCode, 201);
    const res = await call(h, {
      method: 'PATCH',
      url: `/v1/codes/${created.json.data.id}`,
      tenant: t,
      body: '{"max_scans":9223372036854775808}',
    });
    expectProblem(res, 422, 'validation-error');
    const got = await call(h, { url: `/v1/codes/${created.json.data.id}`, tenant: t });
    assert.equal(got.json.data.max_scans, 5);
  });

  it('an Idempotency-Key retried after a refused number creates nothing', async () => {
    const before = await codeCount(h, t.workspaceId);
    const key = randomUUID();
    for (let i = 0; i < 3; i++) {
      const res = await call(h, {
        method: 'POST',
        url: '/v1/codes',
        tenant: t,
        headers: { 'idempotency-key': key },
        body: '{"type":"url","url":"https://example.com/i","max_scans":1e999}',
      });
      assert.equal(res.statusCode, 422, res.body);
    }
    assert.equal(await codeCount(h, t.workspaceId), before);
  });

  it('max_scans above its documented maximum is a 422 before anything is written', async () => {
    const before = await codeCount(h, t.workspaceId);
    const res = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: { type: 'url', url: 'https://example.com/m', max_scans: 1_000_000_001 },
    });
    const problem = expectProblem(res, 422, 'validation-error');
    assert.equal(problem.errors[0].pointer, '/max_scans');
    assert.equal(await codeCount(h, t.workspaceId), before);
  });

  it('every stored number at its maximum is stored, served, listed and redirected', async () => {
    // The response schema accepts whatever the input schema accepts: the largest values round-trip.
    const body = {
      type: 'url',
      url: 'https://example.com/max',
      max_scans: 1_000_000_000,
      style: { margin: 64 },
      destinations: [
        { url: 'https://a.example.com/', weight: 1_000_000 },
        { url: 'https://b.example.com/', weight: 1 },
      ],
    };
    const res = await call(h, { method: 'POST', url: '/v1/codes', tenant: t, body });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json.data.max_scans, 1_000_000_000);
    assert.equal(res.json.data.destinations[0].weight, 1_000_000);
    const list = await call(h, { url: '/v1/codes', tenant: t });
    assert.equal(list.statusCode, 200, list.body);
    assert.ok(list.json.data.some((c: { id: string }) => c.id === res.json.data.id));
    const scan = await call(h, { url: `/r/${res.json.data.short_code}` });
    assert.equal(scan.statusCode, 302);
  });

  it('numbers anywhere in a body are checked, on routes without a typed body too (passport validate)', async () => {
    const res = await call(h, {
      method: 'POST',
      url: '/v1/dpp/validate',
      tenant: t,
      body: '{"data":{"performance":{"rated":{"expectedLifetimeCycles":1e999}}}}',
    });
    const problem = expectProblem(res, 422, 'validation-error');
    assert.equal(problem.errors[0].pointer, '/data/performance/rated/expectedLifetimeCycles');
  });

  it('a passport count above its maximum is a range.max issue', async () => {
    const res = await call(h, {
      method: 'POST',
      url: '/v1/dpp/validate',
      tenant: t,
      body: { data: { performance: { rated: { expectedLifetimeCycles: 2_000_000_000 } } } },
    });
    assert.equal(res.statusCode, 200, res.body);
    const issue = res.json.data.errors.find(
      (e: { path?: string; pointer?: string }) =>
        (e.path ?? e.pointer) === '/data/performance/rated/expectedLifetimeCycles',
    );
    assert.ok(issue, res.body.slice(0, 600));
    assert.equal(issue.code, 'range.max');
  });

  it('ordinary numbers still pass', async () => {
    const res = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: { type: 'geo', content: { lat: -33.8688, lng: 151.2093 } },
    });
    assert.equal(res.statusCode, 201, res.body);
  });
});

describe('schemas', () => {
  it('every integer in the OpenAPI document has a maximum', async () => {
    const h = await createHarness(sqlite);
    try {
      const doc = (await call(h, { url: '/openapi.json' })).json;
      const missing: string[] = [];
      const walk = (node: unknown, path: string) => {
        if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${path}/${i}`));
        if (!node || typeof node !== 'object') return;
        const o = node as Record<string, unknown>;
        const types = [o.type].flat();
        if (types.includes('integer') && o.maximum === undefined && o.exclusiveMaximum === undefined)
          missing.push(path);
        for (const [k, v] of Object.entries(o)) walk(v, `${path}/${k}`);
      };
      walk(doc, '');
      assert.deepEqual(missing, []);
    } finally {
      await h.close();
    }
  });
});
