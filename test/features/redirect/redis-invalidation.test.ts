import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, createHarness, seedTenant, type Harness } from '../../support/harness.js';
import { forEachDialect } from '../../support/suite.js';
import { createCode, scan } from '../../support/codes.js';

const redisUrl = process.env.TEST_REDIS_URL;

// Two instances on one database: a change made through one must reach the other's redirect cache
// through Redis pub/sub, without waiting for the cache TTL.
forEachDialect(
  'redirect cache invalidation across instances via Redis',
  (dialect) => {
    let a: Harness;
    let b: Harness;
    let dir = '';
    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'qrs-redis-'));
      const shared = dialect.name === 'sqlite' ? { ...dialect, url: `sqlite:${join(dir, 'shared.sqlite')}` } : dialect;
      a = await createHarness(shared, { REDIS_URL: redisUrl! });
      b = await createHarness(shared, { REDIS_URL: redisUrl! });
    });
    after(async () => {
      await a?.close();
      await b?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('an update on instance A changes what instance B redirects to', async () => {
      const t = await seedTenant(a);
      const c = await createCode(a, t, { type: 'url', url: 'https://before.example.com/' });
      assert.equal((await scan(b, c.short_code)).headers.location, 'https://before.example.com/');
      await call(a, {
        method: 'PATCH',
        url: `/v1/codes/${c.id}`,
        tenant: t,
        body: { url: 'https://after.example.com/' },
      });
      let location: unknown;
      for (let i = 0; i < 50; i++) {
        location = (await scan(b, c.short_code)).headers.location;
        if (location === 'https://after.example.com/') break;
        await new Promise((r) => setTimeout(r, 20));
      }
      assert.equal(location, 'https://after.example.com/');
      await call(a, { method: 'DELETE', url: `/v1/codes/${c.id}`, tenant: t });
      let status = 0;
      for (let i = 0; i < 50; i++) {
        status = (await scan(b, c.short_code)).statusCode;
        if (status === 410) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      assert.equal(status, 410);
    });
  },
  { skip: redisUrl ? false : 'TEST_REDIS_URL not set' },
);
