import { it } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { call, expectProblem, seedTenant } from '../../../support/harness.js';
import { forEachDialect, useHarness } from '../../../support/suite.js';
import { assertErrorAt, memberWith, asMember, req } from '../../../support/callers.js';
import { createCode, scan } from '../../../support/codes.js';
import { TestClock } from '../../../support/clock.js';
import { seedScans } from '../scan-seed.js';
import { scanId } from '../../../../src/features/scans/ingest/scan-id.js';
import { workspaceRow } from '../../../../src/features/workspaces/workspaces.fns.js';

const HEADER =
  'id,code_id,scanned_at,country,region,city,device,os,browser,referrer,language,destination,is_bot,ip_hash\r\n';
const T0 = Date.parse('2026-03-10T08:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

forEachDialect('scan CSV export', (dialect) => {
  const clock = new TestClock();
  const { h, t } = useHarness(dialect, { env: { SCAN_FLUSH_MS: '60000' }, clock, tenant: 'pro' });

  it('exports a code exactly: RFC 4180 quoting, formula cells defused, nulls empty, oldest first, no raw IP', async () => {
    const c = await createCode(h, t, { type: 'url', url: 'https://csv.example.com/' });
    const ids = await seedScans(h.db, t, c.id, [
      {
        at: T0,
        country: 'DE',
        referrer: 'https://a.example/?q=1,2',
        language: 'de',
        destination: 'https://csv.example.com/',
        ipHash: 'ab12',
      },
      {
        at: T0 + 1000,
        referrer: '=HYPERLINK("http://evil.example","x")',
        language: '+41',
        destination: '@SUM(A1)',
        isBot: true,
        ipHash: 'cd34',
      },
      { at: T0 + 2000, referrer: 'line\nbreak "quoted"', language: '-1' },
    ]);
    await scan(h, c.short_code, { referer: 'https://live.example/' }, { ip: '203.0.113.99' });
    await h.app.scans.flush();
    const live = await h.db
      .selectFrom('scans')
      .selectAll()
      .where('code_id', '=', c.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

    const res = await call(h, { url: `/v1/codes/${c.id}/scans.csv`, tenant: t });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], 'text/csv; charset=utf-8');
    assert.equal(res.headers['content-disposition'], `attachment; filename="scans-${c.id}.csv"`);
    assert.equal(
      res.body,
      HEADER +
        `${ids[0]},${c.id},${iso(T0)},DE,,,mobile,iOS,Mobile Safari,"https://a.example/?q=1,2",de,https://csv.example.com/,false,ab12\r\n` +
        `${ids[1]},${c.id},${iso(T0 + 1000)},,,,mobile,iOS,Mobile Safari,"'=HYPERLINK(""http://evil.example"",""x"")",'+41,'@SUM(A1),true,cd34\r\n` +
        `${ids[2]},${c.id},${iso(T0 + 2000)},,,,mobile,iOS,Mobile Safari,"line\nbreak ""quoted""",'-1,,false,\r\n` +
        `${live.id},${c.id},${live.scanned_at},,,,mobile,iOS,Mobile Safari,https://live.example/,,https://csv.example.com/,false,${live.ip_hash}\r\n`,
    );
    assert.ok(!res.body.includes('203.0.113.99'), 'the raw IP never appears');

    const humans = await call(h, {
      url: `/v1/codes/${c.id}/scans.csv?include_bots=false&from=2026-03-10&to=2026-03-10`,
      tenant: t,
    });
    assert.deepEqual(
      humans.body
        .split('\r\n')
        .slice(1, -1)
        .map((l) => l.slice(0, ids[0].length)),
      [ids[0], ids[2]],
    );
    const window = await call(h, {
      url: `/v1/codes/${c.id}/scans.csv?from=${iso(T0 + 1000)}&to=${iso(T0 + 2000)}`,
      tenant: t,
    });
    assert.equal(window.body.split('\r\n').length, 3, 'from inclusive, to exclusive');
    assert.ok(window.body.includes(ids[1]));
  });

  it('exports the workspace for a date range, code by code; other workspaces never appear', async () => {
    const w = await seedTenant(h, 'pro');
    const other = await seedTenant(h, 'pro');
    const [a, b] = [
      await createCode(h, w, { type: 'url', url: 'https://a.example.com/' }),
      await createCode(h, w, { type: 'url', url: 'https://b.example.com/' }),
    ];
    const foreign = await createCode(h, other, { type: 'url', url: 'https://f.example.com/' });
    const aIds = await seedScans(h.db, w, a.id, [
      { at: T0 },
      { at: T0 + 86_400_000, isBot: true },
      { at: T0 + 40 * 86_400_000 },
    ]);
    const bIds = await seedScans(h.db, w, b.id, [{ at: T0 + 5000 }]);
    await seedScans(h.db, other, foreign.id, [{ at: T0 }]);
    const res = await call(h, { url: '/v1/scans.csv?from=2026-03-01&to=2026-03-31', tenant: w });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(
      res.headers['content-disposition'],
      `attachment; filename="scans-${w.workspaceId}-2026-03-01-2026-03-31.csv"`,
    );
    const lines = res.body.split('\r\n');
    assert.equal(lines[0] + '\r\n', HEADER);
    const expected = [...(a.id < b.id ? [aIds[0], aIds[1], bIds[0]] : [bIds[0], aIds[0], aIds[1]])];
    assert.deepEqual(
      lines.slice(1, -1).map((l) => l.split(',')[0]),
      expected,
    );
    const noBots = await call(h, {
      url: '/v1/scans.csv?from=2026-03-01&to=2026-04-30&include_bots=false',
      tenant: w,
    });
    assert.deepEqual(
      noBots.body
        .split('\r\n')
        .slice(1, -1)
        .map((l) => l.split(',')[0])
        .sort(),
      [aIds[0], aIds[2], bIds[0]].sort(),
    );
    const theirs = await call(h, { url: '/v1/scans.csv?from=2026-03-01&to=2026-03-31', tenant: other });
    assert.equal(theirs.body.split('\r\n').length, 3, 'header and their one scan');
    assert.ok(!theirs.body.includes(a.id) && !theirs.body.includes(b.id));
  });

  it("tenancy: another workspace's code is a 404; a viewer may export", async () => {
    const mine = await createCode(h, t, { type: 'url', url: 'https://mine.example.com/' });
    const stranger = await seedTenant(h, 'pro');
    expectProblem(await call(h, { url: `/v1/codes/${mine.id}/scans.csv`, tenant: stranger }), 404, 'not-found');
    expectProblem(
      await call(h, { url: '/v1/codes/qr_01JD3Y2K8Q9XW4T5N6M7P8R9S0/scans.csv', tenant: t }),
      404,
      'not-found',
    );
    // Another workspace of the same organization is another tenant too.
    const sibling = workspaceRow(t.organizationId, { name: 'Sibling', slug: `sib-${Date.now()}` }, false, new Date());
    await h.db.insertInto('workspaces').values(sibling).execute();
    const theirs = await createCode(h, t, { type: 'url', url: 'https://sibling.example.com/' });
    await h.db.updateTable('codes').set({ workspace_id: sibling.id }).where('id', '=', theirs.id).execute();
    await seedScans(h.db, t, theirs.id, [{ at: T0 }], sibling.id);
    expectProblem(await call(h, { url: `/v1/codes/${theirs.id}/scans.csv`, tenant: t }), 404, 'not-found');
    const wide = await call(h, { url: '/v1/scans.csv?from=2026-03-01&to=2026-03-31', tenant: t });
    assert.ok(!wide.body.includes(theirs.id), 'the workspace export holds only the current workspace');
    const viewer = await memberWith(h, t, 'viewer');
    const res = await req(h, asMember(viewer), 'GET', `/v1/codes/${mine.id}/scans.csv`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.body, HEADER);
    expectProblem(await call(h, { url: `/v1/codes/${mine.id}/scans.csv` }), 401, 'authentication');
  });

  it('bad input is a problem with a pointer, before any CSV is sent', async () => {
    const c = await createCode(h, t, { type: 'url', url: 'https://bad.example.com/' });
    const cases: Array<[string, number, string, string?]> = [
      [`/v1/codes/${c.id}/scans.csv?from=2026-03-02&to=2026-02-28`, 422, '/query/from', 'range'],
      [`/v1/codes/${c.id}/scans.csv?from=yesterday`, 422, '/query/from'],
      [`/v1/codes/${c.id}/scans.csv?include_bots=maybe`, 422, '/query/include_bots'],
      [`/v1/codes/${c.id}/scans.csv?format=xlsx`, 422, '/query/format', 'unknown_field'],
      ['/v1/scans.csv?to=2026-03-01', 400, '/query/from', 'required'],
      ['/v1/scans.csv?from=2026-03-01', 400, '/query/to', 'required'],
      ['/v1/scans.csv?from=2026-03-02&to=2026-02-28', 422, '/query/from', 'range'],
      ['/v1/scans.csv?from=2024-03-01&to=2026-03-02', 422, '/query/to', 'range'],
      ['/v1/scans.csv?from=2026-13-01&to=2026-12-01', 422, '/query/from'],
    ];
    for (const [url, status, pointer, code] of cases) {
      const res = await call(h, { url, tenant: t });
      assertErrorAt(expectProblem(res, status, status === 400 ? 'bad-request' : 'validation-error'), pointer, code);
    }
    assert.equal(
      (await call(h, { url: '/v1/scans.csv?from=2024-03-01&to=2026-02-28', tenant: t })).statusCode,
      200,
      'exactly 2 years (to the end of 2026-02-28) is allowed',
    );
  });

  it('both routes are fully described in the OpenAPI document', async () => {
    const doc = (await call(h, { url: '/openapi.json' })).json;
    for (const [path, operationId] of [
      ['/v1/codes/{id}/scans.csv', 'exportCodeScansCsv'],
      ['/v1/scans.csv', 'exportWorkspaceScansCsv'],
    ]) {
      const op = doc.paths[path]?.get;
      assert.ok(op, `${path} documented`);
      assert.equal(op.operationId, operationId);
      assert.deepEqual(op.tags, ['analytics']);
      assert.ok(op.summary && op.description);
      assert.equal(op.responses['200'].content['text/csv'].schema.type, 'string');
      for (const status of ['400', '401', '403', '404', '422', '429'])
        assert.ok(op.responses[status]?.content?.['application/problem+json'], `${path} ${status}`);
      assert.ok(op.parameters.some((p: any) => p.in === 'query' && p.name === 'include_bots'));
    }
  });

  it('streams: the first bytes leave before the rows are all read (a row added meanwhile is in the file)', async () => {
    const c = await createCode(h, t, { type: 'url', url: 'https://big.example.com/' });
    const n = 60_000;
    await seedScans(
      h.db,
      t,
      c.id,
      Array.from({ length: n }, (_, i) => ({ at: T0 + i * 1000, referrer: `https://r.example/${'x'.repeat(100)}` })),
    );
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as AddressInfo;
    const lateId = scanId(T0 + n * 1000 + 1);
    const body = await new Promise<string>((resolve, reject) => {
      const r = request({ port, host: '127.0.0.1', path: `/v1/codes/${c.id}/scans.csv`, headers: t.auth }, (res) => {
        assert.equal(res.statusCode, 200);
        const parts: Buffer[] = [];
        let first = true;
        res.on('data', (chunk: Buffer) => {
          parts.push(chunk);
          if (!first) return;
          first = false;
          // The client holds off; a stream that had read every row already would miss the late scan.
          res.pause();
          seedScans(h.db, t, c.id, [{ at: T0 + n * 1000 + 1, id: lateId }]).then(() => res.resume(), reject);
        });
        res.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
        res.on('error', reject);
      });
      r.on('error', reject);
      r.end();
    });
    const lines = body.split('\r\n');
    assert.equal(lines.length, n + 3, 'header, every seeded row, the late row, and the final CRLF');
    assert.ok(lines[n + 1].startsWith(`${lateId},`), 'the row written after the first bytes were sent is the last one');
  });
});
