import { it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { call } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';

const version = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

// The outage answers (503 when the database is down, `degraded` without Redis) are in
// test/db/db-outage.test.ts and test/chaos/chaos.test.ts; this is the healthy service.
const redis = process.env.TEST_REDIS_URL;
for (const withRedis of redis ? [false, true] : [false]) {
  forEachDialect(`health${withRedis ? ' with redis' : ''}`, (dialect) => {
    const { h } = useHarness(dialect, { env: withRedis ? { REDIS_URL: redis! } : {}, tenant: false });

    it('answers 200 ok without a key, with the version and every dependency up', async () => {
      const res = await call(h, { url: '/v1/health' });
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers['content-type']), /^application\/json/);
      assert.equal(res.json.status, 'ok');
      assert.equal(res.json.version, version);
      assert.equal(res.json.environment, 'test');
      assert.deepEqual(res.json.checks, { database: 'up', redis: withRedis ? 'up' : 'disabled', scans: 'ok' });
      assert.deepEqual(res.json.scans, { pending: 0, lag_seconds: 0, journal: 'off', dropped: 0 });
      assert.ok(res.headers['x-request-id'], 'the request id is echoed');
    });

    it('ignores an API key it does not need, even an invalid one', async () => {
      const res = await call(h, { url: '/v1/health', headers: { authorization: 'Bearer qrs_sk_not_a_real_key' } });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json.status, 'ok');
    });
  });
}
