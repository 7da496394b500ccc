// @qrs/sdk's onResponse hook against a real server (SQLite): it sees every final response's
// headers, successes and problems alike — the dashboard's deprecation banner reads them this way.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { Qrs, QrsError } from '../../sdk/src/index.js';
import { seedTenant } from '../support/harness.js';
import { sqlite, useHarness } from '../support/suite.js';

describe('@qrs/sdk onResponse hook', () => {
  let baseUrl: string;
  const { h } = useHarness(sqlite, {
    env: {
      BASE_URL: 'http://127.0.0.1',
      DEPRECATIONS_JSON: JSON.stringify([
        { method: 'GET', path: '/v1/codes', sunset: '2027-06-30T00:00:00Z', link: 'https://qrs.example/docs/codes-v2' },
      ]),
    },
    tenant: false,
  });
  before(async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = h.app.server.address();
    if (!addr || typeof addr === 'string') throw new Error('no port');
    baseUrl = `http://127.0.0.1:${addr.port}`;
  });

  it('is called with each response and its request: Deprecation/Link headers, and problems before they throw', async () => {
    const t = await seedTenant(h, 'pro');
    const seen: Array<{
      method: string;
      path: string;
      status: number;
      deprecation: string | null;
      link: string | null;
      sunset: string | null;
    }> = [];
    const qrs = new Qrs({
      apiKey: t.apiKey,
      baseUrl,
      retry: { retries: 0 },
      onResponse: (res, req) =>
        seen.push({
          method: req.method,
          path: new URL(req.url).pathname,
          status: res.status,
          deprecation: res.headers.get('deprecation'),
          link: res.headers.get('link'),
          sunset: res.headers.get('sunset'),
        }),
    });
    assert.deepEqual((await qrs.codes.listPage()).data, []);
    const code = await qrs.codes.create({ type: 'url', url: 'https://example.com/hook' });
    await assert.rejects(qrs.codes.get('qr_doesnotexist'), (e: unknown) => e instanceof QrsError && e.status === 404);

    assert.deepEqual(
      seen.map((s) => [s.method, s.path, s.status]),
      [
        ['GET', '/v1/codes', 200],
        ['POST', '/v1/codes', 201],
        ['GET', '/v1/codes/qr_doesnotexist', 404],
      ],
    );
    assert.equal(seen[0].deprecation, 'true');
    assert.match(seen[0].link ?? '', /<https:\/\/qrs\.example\/docs\/codes-v2>/);
    assert.ok(seen[0].sunset);
    assert.equal(seen[1].deprecation, null, 'only the configured route is deprecated');
    assert.ok(code.id);
  });

  it("changes nothing when absent, and the body is still the caller's when present", async () => {
    const t = await seedTenant(h, 'pro');
    let calls = 0;
    const withHook = new Qrs({
      apiKey: t.apiKey,
      baseUrl,
      onResponse: () => {
        calls++;
      },
    });
    const without = new Qrs({ apiKey: t.apiKey, baseUrl });
    const a = await withHook.codes.create({ type: 'url', url: 'https://example.com/a' });
    const b = await without.codes.get(a.id);
    assert.equal(b.id, a.id);
    assert.equal(calls, 1);
  });
});
