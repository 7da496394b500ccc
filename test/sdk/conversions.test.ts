// @qrs/sdk reports and reads conversions (docs/decisions.md D81): a code with a click id, a real
// redirect on a port, a sale reported with the qrs_cid it carried (twice, counted once), the list,
// the code's stats, and the workspace's GA4 settings set, read (no secret) and removed.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { Qrs } from '../../sdk/src/index.js';
import { seedTenant } from '../support/harness.js';
import { sqlite, useHarness } from '../support/suite.js';

describe('@qrs/sdk and conversions', () => {
  const { h } = useHarness(sqlite, { env: { BASE_URL: 'http://127.0.0.1' }, tenant: false });
  let qrs: Qrs;
  let baseUrl: string;
  before(async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
    const t = await seedTenant(h, 'pro');
    qrs = new Qrs({ apiKey: t.apiKey, baseUrl });
  });

  it('reports a sale with the click id of a real redirect, once, and reads it back', async () => {
    const code = await qrs.codes.create({ type: 'url', url: 'https://shop.example.com/', append_click_id: true });
    const res = await fetch(`${baseUrl}/r/${code.short_code}`, {
      redirect: 'manual',
      // A phone's, not node's own (a bot's scans are not in the rate).
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' },
    });
    assert.equal(res.status, 302);
    const clickId = new URL(res.headers.get('location')!).searchParams.get('qrs_cid')!;
    const body = { click_id: clickId, event: 'sale', amount: 1299, currency: 'EUR', event_id: 'order-1' };
    const first = await qrs.conversions.create(body);
    const again = await qrs.conversions.create(body);
    assert.equal(again.id, first.id);
    assert.equal(first.code_id, code.id);
    const listed = [];
    for await (const c of qrs.conversions.list({ code_id: code.id })) listed.push(c.id);
    assert.deepEqual(listed, [first.id]);
    await h.app.scans.flush();
    const stats = await qrs.scans.stats(code.id);
    assert.deepEqual(stats.conversions, { count: 1, rate: 1, revenue: [{ currency: 'EUR', amount: 1299 }] });

    const on = await qrs.conversions.ga4.set({ measurement_id: 'G-SDK12345', api_secret: 'sdk-secret-1' });
    assert.equal(on.enabled, true);
    assert.equal((await qrs.conversions.ga4.get()).measurement_id, 'G-SDK12345');
    assert.equal((await qrs.conversions.ga4.delete()).enabled, false);
  });
});
