// @qrs/sdk reads the places IP geolocation gives scans (docs/decisions.md D79): region and city in
// the scan list, by_region and by_city in stats, the region/city analytics dimensions, and a code
// created with the routing condition `region`. A real server on a port, a small MMDB file.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Qrs } from '../../sdk/src/index.js';
import { seedTenant } from '../support/harness.js';
import { sqlite, useHarness } from '../support/suite.js';
import { mmdbFile } from '../support/mmdb-fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'qrs-geo-sdk-'));
const file = join(dir, 'city.mmdb');
writeFileSync(file, mmdbFile({ '81.2.69.0/24': { country_code: 'GB', state1: 'England', city: 'London' } }));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('@qrs/sdk and IP geolocation', () => {
  const { h } = useHarness(sqlite, {
    env: { BASE_URL: 'http://127.0.0.1', GEOIP_DATABASE: file, TRUST_PROXY: 'loopback', SCAN_FLUSH_MS: '60000' },
    tenant: false,
  });
  let qrs: Qrs;
  let baseUrl: string;
  before(async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = h.app.server.address() as { port: number };
    baseUrl = `http://127.0.0.1:${addr.port}`;
    const t = await seedTenant(h, 'pro');
    qrs = new Qrs({ apiKey: t.apiKey, baseUrl });
  });

  it('reads region and city of scans, stats and analytics, and routes by region', async () => {
    const code = await qrs.codes.create({
      type: 'url',
      url: 'https://example.com/',
      rules: [{ when: { region: ['england'] }, url: 'https://example.com/uk' }],
    });
    assert.deepEqual(code.rules?.[0].when.region, ['england']);
    const res = await fetch(`${baseUrl}/r/${code.short_code}`, {
      redirect: 'manual',
      headers: {
        'x-forwarded-for': '81.2.69.160',
        'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
      },
    });
    assert.equal(res.status, 302);
    assert.equal(res.headers.get('location'), 'https://example.com/uk');
    await h.app.scans.flush();
    const scans = [];
    for await (const s of qrs.scans.list(code.id)) scans.push(s);
    assert.deepEqual(
      scans.map((s) => [s.country, s.region, s.city]),
      [['GB', 'England', 'London']],
    );
    const stats = await qrs.scans.stats(code.id, { include_bots: true });
    assert.deepEqual(stats.by_region, [{ key: 'England', scans: 1 }]);
    assert.deepEqual(stats.by_city, [{ key: 'London', scans: 1 }]);
    const analytics = await qrs.analytics.get({ code_id: code.id, dimensions: 'region,city', include_bots: true });
    assert.deepEqual(analytics.dimensions.city, [{ key: 'London', scans: 1 }]);
    const csv = await new Response(await qrs.scans.exportCsv(code.id)).text();
    assert.match(csv, /^id,code_id,scanned_at,country,region,city,/);
    assert.match(csv, /,GB,England,London,/);
  });
});
