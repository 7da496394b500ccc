import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sqliteConnection } from '../../src/db/database.js';
import {
  call,
  createHarness,
  expectProblem,
  randomSlug,
  seedTenant,
  type Harness,
  type Tenant,
} from '../support/harness.js';
import { createCode, scan, scanCount } from '../support/codes.js';
import {
  namedUrl,
  PrivatePostgres,
  privatePostgresUnavailable,
  terminateBackends,
} from '../support/private-servers.js';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

async function until(what: string, check: () => Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting until ${what}`);
}

const sharedPg = process.env.TEST_DATABASE_URL;

// Before the fix the pool had no 'error' listener: terminating an idle connection killed the
// process (this whole test file) with "Unhandled 'error' event".
describe(
  'PostgreSQL backends terminated under the app [postgres]',
  { skip: sharedPg ? false : 'TEST_DATABASE_URL not set' },
  () => {
    let h: Harness;
    let t: Tenant;
    const name = randomSlug('qrs-term');
    before(async () => {
      h = await createHarness({ name: 'postgres', url: namedUrl(sharedPg!, name) });
      t = await seedTenant(h);
    });
    after(async () => {
      await h?.close();
    });

    it('keeps serving: the pool drops the dead connections and opens new ones, scans included', async () => {
      const code = await createCode(h, t, { type: 'url', url: 'https://example.com/terminated' });
      assert.equal((await scan(h, code.short_code)).statusCode, 302);
      await h.app.scans.flush(); // scans are written through the same pool, which now holds idle connections
      const killed = await terminateBackends(sharedPg!, name);
      assert.ok(killed >= 1, `terminated the app's backends (${killed})`);
      await new Promise((r) => setTimeout(r, 200)); // let the 'error' events arrive
      const list = await call(h, { url: '/v1/codes', tenant: t });
      assert.equal(list.statusCode, 200, list.body);
      assert.equal((await call(h, { url: '/v1/health' })).json.checks.database, 'up');
      for (let i = 0; i < 3; i++) assert.equal((await scan(h, code.short_code)).statusCode, 302);
      await h.app.scans.flush();
      assert.equal(await scanCount(h, code.id), 4, 'every answered redirect is a scan row');
    });
  },
);

const noCluster = privatePostgresUnavailable();

describe(
  'PostgreSQL restarted under the app (private cluster) [postgres]',
  { skip: noCluster ? `SKIPPED: ${noCluster}` : false },
  () => {
    const cluster = new PrivatePostgres();
    let h: Harness;
    let t: Tenant;
    before(async () => {
      await cluster.init();
      h = await createHarness({ name: 'postgres', url: cluster.url });
      t = await seedTenant(h);
    });
    after(async () => {
      await h?.close().catch(() => undefined);
      await cluster.destroy();
    });

    it('answers 503 with Retry-After while down, keeps cached redirects and their scans, and writes them when it returns', async () => {
      const cached = await createCode(h, t, { type: 'url', url: 'https://example.com/cached' });
      const uncached = await createCode(h, t, { type: 'url', url: 'https://example.com/uncached' });
      assert.equal((await scan(h, cached.short_code)).statusCode, 302);
      await h.app.scans.flush();

      await cluster.stop();

      const api = await call(h, { url: '/v1/codes', tenant: t });
      expectProblem(api, 503, 'unavailable');
      assert.equal(api.headers['retry-after'], '5');
      const created = await call(h, {
        method: 'POST',
        url: '/v1/codes',
        tenant: t,
        body: { type: 'url', url: 'https://example.com/x' },
      });
      expectProblem(created, 503, 'unavailable');

      const health = await call(h, { url: '/v1/health' });
      assert.equal(health.statusCode, 503);
      assert.equal(health.json.status, 'degraded');
      assert.deepEqual(health.json.checks, { database: 'down', redis: 'disabled', scans: 'ok' });
      assert.equal(health.json.version, h.config.version);

      // A person who scans an uncached code gets a page; an API client a problem document.
      const page = await scan(h, uncached.short_code, { accept: BROWSER });
      assert.equal(page.statusCode, 503);
      assert.match(String(page.headers['content-type']), /^text\/html/);
      assert.equal(page.headers['retry-after'], '5');
      assert.match(page.body, /Service Unavailable/);
      assert.equal(page.headers['x-request-id'] !== undefined, true);
      const passportPage = await call(h, { url: '/dpp/09506000134352/SN1', headers: { accept: BROWSER } });
      assert.equal(passportPage.statusCode, 503);
      assert.match(String(passportPage.headers['content-type']), /^text\/html/);
      expectProblem(
        await call(h, { url: '/dpp/09506000134352/SN1', headers: { accept: 'application/json' } }),
        503,
        'unavailable',
      );
      const apiScan = await scan(h, uncached.short_code, { accept: 'application/json' });
      expectProblem(Object.assign(apiScan, { json: apiScan.json() }), 503, 'unavailable');

      // Cached codes keep redirecting; their scans wait in the buffer.
      for (let i = 0; i < 5; i++) assert.equal((await scan(h, cached.short_code)).statusCode, 302);
      await assert.rejects(h.app.scans.flush());
      assert.equal(h.app.scans.size, 5, 'the scans recorded during the outage are kept');

      await cluster.start();
      await until('health is ok again', async () => (await call(h, { url: '/v1/health' })).statusCode === 200);
      await h.app.scans.flush();
      assert.equal(h.app.scans.size, 0);
      assert.equal(await scanCount(h, cached.id), 6, 'every scan of the outage is written after it');
      assert.equal((await call(h, { url: '/v1/codes', tenant: t })).statusCode, 200);
      assert.equal((await scan(h, uncached.short_code)).statusCode, 302);
    });
  },
);

// SQLite is embedded and cannot go away, but its file can be locked by another process (a backup,
// a migration) past busy_timeout: that is SQLITE_BUSY, a 503 to retry, not a 500.
describe('SQLite locked by another connection [sqlite]', () => {
  let h: Harness;
  let t: Tenant;
  let dir = '';
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'qrs-busy-'));
    process.env.SQLITE_BUSY_TIMEOUT_MS = '200';
    h = await createHarness({ name: 'sqlite', url: `sqlite:${join(dir, 'db.sqlite')}` });
    t = await seedTenant(h);
  });
  after(async () => {
    delete process.env.SQLITE_BUSY_TIMEOUT_MS;
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 unavailable with Retry-After, and writes the scans recorded meanwhile once the lock is gone', async () => {
    const code = await createCode(h, t, { type: 'url', url: 'https://example.com/locked' });
    assert.equal((await scan(h, code.short_code)).statusCode, 302);
    await h.app.scans.flush();
    const other = sqliteConnection(join(dir, 'db.sqlite'));
    other.exec('begin exclusive');
    try {
      const res = await call(h, {
        method: 'POST',
        url: '/v1/codes',
        tenant: t,
        body: { type: 'url', url: 'https://example.com/y' },
      });
      expectProblem(res, 503, 'unavailable');
      assert.equal(res.headers['retry-after'], '5');
      for (let i = 0; i < 3; i++) assert.equal((await scan(h, code.short_code)).statusCode, 302);
      await assert.rejects(h.app.scans.flush());
      assert.equal(h.app.scans.size, 3);
    } finally {
      other.exec('rollback');
      other.close();
    }
    await h.app.scans.flush();
    assert.equal(await scanCount(h, code.id), 4);
    const list = await call(h, { url: '/v1/codes', tenant: t });
    assert.equal(list.json.data.length, 1, 'the refused create changed nothing');
  });
});
