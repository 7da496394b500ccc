import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { call, type Dialect, type Harness, type Tenant } from '../../../support/harness.js';
import { forEachDialect, useHarness } from '../../../support/suite.js';
import { createCode } from '../../../support/codes.js';
import { isPostgres } from '../../../../src/db/database.js';
import { rollUpAsTheFlush } from '../../../support/rollup-backfill.js';
import { scanIdSql } from '../../../support/scan-ids.js';
import { loopHeldBy } from '../../../support/event-loop.js';

const SCANS = 200_000;
const dir = mkdtempSync(join(tmpdir(), 'qrs-eventloop-'));
const sqliteFile: Dialect = { name: 'sqlite', url: `sqlite:${join(dir, 'analytics.sqlite')}` };

/**
 * 200,000 scans of one code over a year, inserted by one SQL statement, then rolled up by the
 * migration's backfill. Ids are ULIDs whose time part is the scan time, like the sink's. About 23
 * scans an hour: every hour is sparse, so sub-day edges read raw scans.
 */
async function seedScans(h: Harness, code: { id: string }, t: Tenant) {
  const start = Date.parse('2025-11-23T00:00:00.000Z');
  const step = Math.floor((365 * 86_400_000) / SCANS);
  if (isPostgres(h.db)) {
    await sql`insert into scans (id, code_id, workspace_id, organization_id, scanned_at, country, device, os, browser, referrer, language, is_bot, ip_hash, destination)
      select ${scanIdSql(sql`(${sql.lit(start)}::bigint + i::bigint * ${sql.lit(step)})`, sql`i`, true)}, ${code.id}, ${t.workspaceId}, ${t.organizationId},
        to_char(to_timestamp((${start}::bigint + i::bigint * ${step}) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        (array['DE','FR','US',null])[1 + i % 4], 'mobile', 'iOS', 'Mobile Safari', case when i % 3 = 0 then 'https://r.example/' end,
        'de-de', case when i % 10 = 0 then 1 else 0 end, md5((i % 5000)::text), 'https://dest.example/'
      from generate_series(0, ${SCANS - 1}) as i`.execute(h.db);
  } else {
    await sql`with recursive n(i) as (select 0 union all select i + 1 from n where i < ${SCANS - 1})
      insert into scans (id, code_id, workspace_id, organization_id, scanned_at, country, device, os, browser, referrer, language, is_bot, ip_hash, destination)
      select ${scanIdSql(sql`(${sql.lit(start)} + i * ${sql.lit(step)})`, sql`i`, false)}, ${code.id}, ${t.workspaceId}, ${t.organizationId},
        strftime('%Y-%m-%dT%H:%M:%fZ', (${start} + i * ${step}) / 1000.0, 'unixepoch'),
        case i % 4 when 0 then 'DE' when 1 then 'FR' when 2 then 'US' end, 'mobile', 'iOS', 'Mobile Safari',
        case when i % 3 = 0 then 'https://r.example/' end, 'de-de', case when i % 10 = 0 then 1 else 0 end, hex(i % 5000), 'https://dest.example/'
      from n`.execute(h.db);
  }
  await rollUpAsTheFlush(h.db, new Date(), [t.workspaceId]);
}

forEachDialect(
  `nothing heavy on the event loop, ${SCANS.toLocaleString('en')} scans`,
  (dialect) => {
    let code: { id: string };
    // Registered before useHarness's own hook, so it runs while the app is still open.
    after(async () => {
      // A shared PostgreSQL test database should not keep 200,000 rows a run.
      await h.db.deleteFrom('scans').where('code_id', '=', code.id).execute();
      await h.db.deleteFrom('scan_rollups').where('code_id', '=', code.id).execute();
      await h.db.deleteFrom('workspace_rollups').where('workspace_id', '=', t.workspaceId).execute();
    });
    const { h, t } = useHarness(dialect, { tenant: 'pro' });
    before(async () => {
      code = await createCode(h, t, { type: 'url', url: 'https://dest.example/' });
      await seedScans(h, code, t);
    });
    after(() => {
      if (dialect.name === 'sqlite') rmSync(dir, { recursive: true, force: true });
    });

    it('stats, workspace analytics and the scan list never hold the event loop for 50 ms', async () => {
      const calls = [
        `/v1/codes/${code.id}/stats?from=2025-11-23&to=2026-11-22&tz=Europe/Berlin&include_bots=true`,
        `/v1/codes/${code.id}/stats`,
        '/v1/analytics?from=2025-11-23&to=2026-11-22',
        '/v1/analytics?from=2025-11-23&to=2026-11-22&tz=America/New_York&interval=week',
        `/v1/analytics?from=2025-11-23&to=2026-11-22&tz=Asia/Kolkata&code_id=${code.id}`,
        `/v1/codes/${code.id}/stats?from=2025-12-01T05:45:00Z&to=2026-10-30T18:15:00Z&tz=Asia/Kathmandu&include_bots=true`,
        `/v1/codes/${code.id}/scans`,
        `/v1/codes/${code.id}/scans?include_bots=false&limit=100`,
      ];
      // Warm up: statement caches, Intl formatters, lazy plugins.
      for (const url of calls) assert.equal((await call(h, { url, tenant: t })).statusCode, 200);
      const worst: Array<[string, number, string]> = [];
      // The best of three: a call that blocks does so every time, while a stall of the shared
      // machine (another process on the CPU, a GC) lands on one run only.
      for (const url of calls) {
        let best = { own: Infinity, raw: 0, cpu: 0 };
        for (let run = 0; run < 3; run++) {
          let status = 0;
          const held = await loopHeldBy(async () => {
            const res = await call(h, { url, tenant: t });
            status = res.statusCode;
          });
          assert.equal(status, 200);
          if (held.own < best.own) best = held;
        }
        worst.push([url, best.own, `${best.raw.toFixed(1)} ms seen, ${best.cpu.toFixed(1)} ms of CPU in the call`]);
      }
      const res = await call(h, { url: '/v1/analytics?from=2025-11-23&to=2026-11-22', tenant: t });
      assert.equal(res.json.data.totals.scans, SCANS - SCANS / 10, 'the year holds every seeded human scan');
      // Sparse edges come from raw scans, the days between from rollups: the breakdown adds up to the total.
      const edges = (await call(h, { url: calls[5], tenant: t })).json.data;
      assert.equal(
        edges.by_country.reduce((n: number, b: { scans: number }) => n + b.scans, 0),
        edges.total_scans,
      );
      console.log(worst.map(([url, ms, why]) => `${ms.toFixed(1)} ms (${why})  ${url}`).join('\n'));
      // SQLite's driver is synchronous, so its reads run on a worker and 50 ms catches any that
      // slipped back onto the loop. On PostgreSQL the loop builds the statement and reads the
      // answer: since the database sums a series' pieces per range (docs/decisions.md D72) that is
      // a row a day, and a year of Kolkata days holds it 4-10 ms here. The 2-core CI machine under
      // the whole suite once saw 83 ms of wall clock; loopHeldBy counts no more than the CPU the
      // call got, which leaves out the waiting for a core, so both databases have the same bound.
      const bound = 50;
      for (const [url, ms, why] of worst)
        assert.ok(ms < bound, `${url} held the event loop for ${ms.toFixed(1)} ms (${why})`);
    });
  },
  { sqlite: sqliteFile },
);
