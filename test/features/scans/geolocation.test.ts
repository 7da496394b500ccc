// IP geolocation built in (docs/decisions.md D79): country, region and city of every scan from an
// MMDB file in memory, a trusted country header still first, the routing rule `region`, reloads.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, expectProblem, seedTenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { createCode, scan } from '../../support/codes.js';
import { mmdbFile } from '../../support/mmdb-fixture.js';
import { decodeScans, encodeScans, rowsOfEncoded } from '../../../src/features/scans/ingest/scan.js';

const LONDON = '81.2.69.160';
const FRANKFURT_V6 = '2a00:1450:4001::1';
const dir = mkdtempSync(join(tmpdir(), 'qrs-geo-'));
const file = join(dir, 'city.mmdb');
const places = (city: string) => ({
  // the ip-location-db (DB-IP Lite) shape
  '81.2.69.0/24': { country_code: 'GB', state1: 'England', city, postcode: '', latitude: 51.5 },
  // MaxMind's GeoIP2 shape, which commercial files use
  '2a00:1450:0:0:0:0:0:0/32': {
    country: { iso_code: 'DE', names: { en: 'Germany' } },
    subdivisions: [{ iso_code: 'HE', names: { en: 'Hesse' } }],
    city: { names: { en: 'Frankfurt am Main', de: 'Frankfurt am Main' } },
  },
});
/** Replaces the file in one step, as an operator's `mv` would. */
const install = (city: string) => {
  writeFileSync(`${file}.new`, mmdbFile(places(city)));
  renameSync(`${file}.new`, file);
};
install('London');
after(() => rmSync(dir, { recursive: true, force: true }));

forEachDialect('IP geolocation', (dialect) => {
  const { h, t } = useHarness(dialect, {
    env: {
      GEOIP_DATABASE: file,
      GEOIP_WATCH_MS: '0',
      TRUST_PROXY: 'loopback',
      COUNTRY_HEADER: 'CF-IPCountry',
      SCAN_FLUSH_MS: '60000',
    },
    tenant: 'business',
  });
  let code: { id: string; short_code: string };
  before(async () => {
    install('London');
    await h.app.deps.geo.reload();
    code = await createCode(h, t, { type: 'url', url: 'https://www.example.com/' });
  });
  // Every request comes from loopback, the trusted proxy, which names the client.
  const from = (ip: string, headers: Record<string, string> = {}, shortCode = code.short_code) =>
    scan(h, shortCode, { 'x-forwarded-for': ip, ...headers }, { ip: '127.0.0.1' });
  const stored = async (codeId = code.id) => {
    await h.app.scans.flush();
    return h.db
      .selectFrom('scans')
      .select(['country', 'region', 'city', 'ip_hash'])
      .where('code_id', '=', codeId)
      .orderBy('id')
      .execute();
  };

  it('stores country, region and city of a public address, IPv4 and IPv6, and nothing for a private one', async () => {
    const c = await createCode(h, t, { type: 'url', url: 'https://www.example.com/' });
    for (const ip of [LONDON, FRANKFURT_V6, '10.1.2.3'])
      assert.equal((await from(ip, {}, c.short_code)).statusCode, 302);
    const rows = await stored(c.id);
    assert.deepEqual(
      rows.map((r) => [r.country, r.region, r.city]),
      [
        ['GB', 'England', 'London'],
        ['DE', 'Hesse', 'Frankfurt am Main'],
        [null, null, null],
      ],
    );
    // The address stays hashed as before; nothing but the place is new.
    for (const r of rows) assert.match(r.ip_hash!, /^[0-9a-f]{16,}$/);
    assert.ok(!JSON.stringify(rows).includes(LONDON));
  });

  it('a trusted country header wins; region and city stay only where it agrees with the database', async () => {
    const c = await createCode(h, t, { type: 'url', url: 'https://www.example.com/' });
    await from(LONDON, { 'cf-ipcountry': 'FR' }, c.short_code);
    await from(LONDON, { 'cf-ipcountry': 'gb' }, c.short_code);
    await from('10.1.2.3', { 'cf-ipcountry': 'CH' }, c.short_code);
    assert.deepEqual(
      (await stored(c.id)).map((r) => [r.country, r.region, r.city]),
      [
        ['FR', null, null],
        ['GB', 'England', 'London'],
        ['CH', null, null],
      ],
    );
  });

  it('scan list, code stats, analytics and both CSV exports show region and city; another tenant sees nothing', async () => {
    const c = await createCode(h, t, { type: 'url', url: 'https://www.example.com/' });
    await from(LONDON, {}, c.short_code);
    await from(LONDON, {}, c.short_code);
    await from(FRANKFURT_V6, {}, c.short_code);
    await h.app.scans.flush();
    const list = await call(h, { url: `/v1/codes/${c.id}/scans`, tenant: t });
    assert.equal(list.statusCode, 200, list.body);
    assert.deepEqual(list.json.data.map((s: any) => [s.region, s.city]).sort(), [
      ['England', 'London'],
      ['England', 'London'],
      ['Hesse', 'Frankfurt am Main'],
    ]);
    const stats = await call(h, { url: `/v1/codes/${c.id}/stats`, tenant: t });
    assert.equal(stats.statusCode, 200, stats.body);
    assert.deepEqual(stats.json.data.by_region, [
      { key: 'England', scans: 2 },
      { key: 'Hesse', scans: 1 },
    ]);
    assert.deepEqual(stats.json.data.by_city, [
      { key: 'London', scans: 2 },
      { key: 'Frankfurt am Main', scans: 1 },
    ]);
    const analytics = await call(h, { url: `/v1/analytics?code_id=${c.id}&dimensions=region,city`, tenant: t });
    assert.equal(analytics.statusCode, 200, analytics.body);
    assert.deepEqual(Object.keys(analytics.json.data.dimensions).sort(), ['city', 'region']);
    assert.deepEqual(analytics.json.data.dimensions.city[0], { key: 'London', scans: 2 });
    assert.deepEqual(analytics.json.data.dimensions.region[1], { key: 'Hesse', scans: 1 });
    const day = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    for (const url of [`/v1/codes/${c.id}/scans.csv`, `/v1/scans.csv?from=${day}&to=${tomorrow}`]) {
      const csv = await call(h, { url, tenant: t });
      assert.equal(csv.statusCode, 200, csv.body);
      const [header, ...lines] = csv.body.trim().split('\r\n');
      assert.ok(header.startsWith('id,code_id,scanned_at,country,region,city,'), header);
      assert.ok(lines.some((l: string) => l.includes(',GB,England,London,')));
      assert.ok(lines.some((l: string) => l.includes(',DE,Hesse,Frankfurt am Main,')));
    }
    const stranger = await seedTenant(h, 'business');
    assert.equal((await call(h, { url: `/v1/codes/${c.id}/scans`, tenant: stranger })).statusCode, 404);
    assert.equal((await call(h, { url: `/v1/codes/${c.id}/stats`, tenant: stranger })).statusCode, 404);
    const theirs = await call(h, { url: '/v1/analytics?dimensions=region,city', tenant: stranger });
    assert.deepEqual(theirs.json.data.dimensions, { region: [], city: [] });
  });

  it('the routing rule `region` matches the database region in any case; a bad one is refused', async () => {
    const c = await createCode(h, t, {
      type: 'url',
      url: 'https://www.example.com/',
      rules: [
        { when: { country: ['DE'], region: ['hesse'] }, url: 'https://www.example.com/hessen' },
        { when: { region: ['England', 'Scotland'] }, url: 'https://www.example.com/uk' },
      ],
    });
    assert.deepEqual(c.rules[1].when.region, ['England', 'Scotland']);
    assert.equal((await from(FRANKFURT_V6, {}, c.short_code)).headers.location, 'https://www.example.com/hessen');
    assert.equal((await from(LONDON, {}, c.short_code)).headers.location, 'https://www.example.com/uk');
    assert.equal((await from('10.1.2.3', {}, c.short_code)).headers.location, 'https://www.example.com/');
    // The header's other country drops the database region: the rule does not match.
    assert.equal(
      (await from(LONDON, { 'cf-ipcountry': 'IE' }, c.short_code)).headers.location,
      'https://www.example.com/',
    );
    for (const region of [[], [''], 'England', ['x'.repeat(101)]]) {
      const res = await call(h, {
        method: 'PATCH',
        url: `/v1/codes/${c.id}`,
        tenant: t,
        body: { rules: [{ when: { region }, url: 'https://www.example.com/x' }] },
      });
      expectProblem(res, 422, 'validation-error');
    }
    const after = await call(h, { url: `/v1/codes/${c.id}`, tenant: t });
    assert.equal(after.json.data.rules.length, 2, 'nothing changed');
  });

  it('reloads a replaced file without a restart; a broken file leaves the loaded one in place', async () => {
    const c = await createCode(h, t, { type: 'url', url: 'https://www.example.com/' });
    install('Westminster');
    const info = await h.app.deps.geo.reload();
    assert.equal(info.files[0].type, 'qrs-test-city');
    await from(LONDON, {}, c.short_code);
    writeFileSync(file, 'not an mmdb file');
    await assert.rejects(h.app.deps.geo.reload());
    await from(LONDON, {}, c.short_code);
    install('London');
    await h.app.deps.geo.reload();
    await from(LONDON, {}, c.short_code);
    assert.deepEqual(
      (await stored(c.id)).map((r) => r.city),
      ['Westminster', 'Westminster', 'London'],
    );
  });
});

forEachDialect('IP geolocation: a watched file', (dialect) => {
  const watched = join(dir, 'watched.mmdb');
  writeFileSync(watched, mmdbFile(places('London')));
  const { h, t } = useHarness(dialect, {
    env: { GEOIP_DATABASE: watched, GEOIP_WATCH_MS: '50', TRUST_PROXY: 'loopback', SCAN_FLUSH_MS: '60000' },
    tenant: 'business',
  });

  it('picks up a replaced GEOIP_DATABASE file by itself', async () => {
    const c = await createCode(h, t, { type: 'url', url: 'https://www.example.com/' });
    // a later modification time than the first file's, whatever the file system's resolution
    await new Promise((r) => setTimeout(r, 1_100));
    writeFileSync(`${watched}.new`, mmdbFile(places('Camden')));
    renameSync(`${watched}.new`, watched);
    const deadline = Date.now() + 10_000;
    let city: string | null = null;
    while (Date.now() < deadline && city !== 'Camden') {
      await new Promise((r) => setTimeout(r, 100));
      city = h.app.deps.geo.locate(LONDON)?.city ?? null;
    }
    assert.equal(city, 'Camden');
    await scan(h, c.short_code, { 'x-forwarded-for': LONDON }, { ip: '127.0.0.1' });
    await h.app.scans.flush();
    const row = await h.db.selectFrom('scans').select('city').where('code_id', '=', c.id).executeTakeFirstOrThrow();
    assert.equal(row.city, 'Camden');
  });
});

describe('scan tuples with a place', () => {
  const code = { codeId: 'qr_1', shortCode: 'a', workspaceId: 'ws_1', organizationId: 'org_1' };
  const base = ['scn_1', 'qr_1', 'a', 'ws_1', 'org_1', 0, 'hash', 'GB', 'mobile', 'iOS', 'Safari', null, 'en', null, 0];

  it('carries region and city through the journal and the writer thread, with or without the raw IP', () => {
    const scan = { id: 'scn_1', code, at: 0, ip: '81.2.69.160', country: 'GB', region: 'England', city: 'London' };
    const full = {
      ...scan,
      device: null,
      os: null,
      browser: null,
      referrer: null,
      language: null,
      destination: null,
      bot: false,
    };
    const [raw] = decodeScans(encodeScans([full]));
    assert.deepEqual([raw.ip, raw.ipHash, raw.region, raw.city], ['81.2.69.160', undefined, 'England', 'London']);
    const [hashed] = decodeScans(encodeScans([{ ...full, ip: null, ipHash: 'h' }]));
    assert.deepEqual([hashed.ip, hashed.ipHash, hashed.region, hashed.city], [null, 'h', 'England', 'London']);
    const bytes = Buffer.from(encodeScans([full]));
    const [row] = rowsOfEncoded(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length),
      [bytes.length],
      () => 'hashed',
    );
    assert.deepEqual([row.region, row.city, row.ip_hash], ['England', 'London', 'hashed']);
  });

  it('reads a journal written before region and city (15 slots) as unknown places', () => {
    const [old] = decodeScans(JSON.stringify([base]));
    assert.deepEqual([old.country, old.region, old.city, old.ipHash, old.ip], ['GB', null, null, 'hash', null]);
    const bytes = Buffer.from(JSON.stringify([base]));
    const [row] = rowsOfEncoded(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length),
      [bytes.length],
      () => 'x',
    );
    assert.deepEqual([row.country, row.region, row.city, row.ip_hash], ['GB', null, null, 'hash']);
  });
});
