// A server started with the defaults and no billing settings: a sign-up's organization fits a real
// team, and nothing nags it (docs/decisions.md D62).
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, randomSlug } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { signUp } from '../../support/accounts.js';

/** What the dashboard's usage banner shows at: 80 % of scans or dynamic codes. */
const BANNER_PCT = 80;

forEachDialect('self-hosted defaults', (dialect) => {
  const { h } = useHarness(dialect, { tenant: false });

  it('a sign-up makes 10 dynamic codes and 3 workspaces, and no meter reaches the banner', async () => {
    assert.equal(h.config.billing.secretKey, null, 'no billing settings');
    const s = await signUp(h);
    for (let i = 0; i < 10; i++) {
      const res = await call(h, {
        method: 'POST',
        url: '/v1/codes',
        headers: s.headers,
        body: { type: 'url', url: `https://example.com/team/${i}`, dynamic: true },
      });
      assert.equal(res.statusCode, 201, res.body);
    }
    for (const name of ['Client A', 'Client B']) {
      const res = await call(h, {
        method: 'POST',
        url: '/v1/workspaces',
        headers: s.headers,
        body: { name, slug: randomSlug('ws') },
      });
      assert.equal(res.statusCode, 201, res.body);
    }
    const usage = await call(h, { url: '/v1/organizations/usage', headers: s.headers });
    assert.equal(usage.statusCode, 200, usage.body);
    const u = usage.json.data;
    assert.equal(u.plan, 'enterprise');
    assert.equal(u.dynamic_codes.used, 10);
    assert.equal(u.workspaces.used, 3);
    assert.ok(u.dynamic_codes.usage_pct < BANNER_PCT, `dynamic codes at ${u.dynamic_codes.usage_pct} %`);
    assert.ok(u.scans.usage_pct < BANNER_PCT, `scans at ${u.scans.usage_pct} %`);
    assert.ok(u.workspaces.remaining === null || u.workspaces.remaining > 0, 'another workspace can be made');
  });
});

forEachDialect('billing configured', (dialect) => {
  const { h } = useHarness(dialect, { tenant: false, env: { STRIPE_SECRET_KEY: 'sk_test_selfhost' } });

  it('a sign-up starts on Free, the plan to upgrade from', async () => {
    const s = await signUp(h);
    const usage = await call(h, { url: '/v1/organizations/usage', headers: s.headers });
    assert.equal(usage.json.data.plan, 'free');
  });
});
