// Heap of a whole-organization privacy export: 10,000 codes and 1,000,000 raw scans (100 a code,
// spread over a year) with their rollups, written to a ZIP by the background worker (runExport),
// heap sampled every 5 ms after a full GC. The limit is 50 MB above the heap before the export.
// Run: node --expose-gc --import tsx test/features/privacy/export-memory.ts [sqlite|postgres-url]
// Figures go to docs/privacy.md, "Export memory".
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { createHarness, seedTenant } from '../../support/harness.js';
import { sqliteFile } from '../../support/sqlite-file.js';
import { scanIdSql } from '../../support/scan-ids.js';
import { createCode } from '../../support/codes.js';
import { isPostgres } from '../../../src/db/database.js';
import { rollUpAsTheFlush } from '../../support/rollup-backfill.js';
import { newId } from '../../../src/lib/ids.js';
import { runExport } from '../../../src/features/privacy/exports.service.js';
import { systemClock } from '../../../src/lib/clock.js';

const CODES = Number(process.env.EXPORT_CODES ?? 10_000);
const PER_CODE = Number(process.env.EXPORT_SCANS_PER_CODE ?? 100);
const mb = (n: number) => (n / 2 ** 20).toFixed(1);

const target = process.argv[2] ?? 'sqlite';
const file = target === 'sqlite' ? sqliteFile('export-memory') : null;
const dir = mkdtempSync(join(tmpdir(), 'qrs-export-memory-'));
const h = await createHarness(file ?? { name: 'postgres', url: target }, {
  PRIVACY_EXPORT_DIR: dir,
  PRIVACY_EXPORT_SWEEP_MS: '0',
  SCAN_FLUSH_MS: '3600000',
});
const pg = isPostgres(h.db);
const t = await seedTenant(h, 'enterprise');
const template = await h.db
  .selectFrom('codes')
  .selectAll()
  .where('id', '=', (await createCode(h, t, { type: 'url', url: 'https://example.com/', dynamic: true })).id)
  .executeTakeFirstOrThrow();
await h.db.deleteFrom('codes').where('id', '=', template.id).execute();

const seedStart = performance.now();
const ids: string[] = [];
for (let i = 0; i < CODES; i += 500) {
  const rows = Array.from({ length: Math.min(500, CODES - i) }, (_, j) => ({
    ...template,
    id: newId('qr'),
    short_code: `m${randomBytes(6).toString('hex')}`,
    title: `Battery pack ${i + j}`,
  }));
  ids.push(...rows.map((r) => r.id));
  await h.db.insertInto('codes').values(rows).execute();
}
const start = Date.parse('2025-11-23T00:00:00.000Z');
const step = Math.round((365 * 86_400_000) / PER_CODE);
for (const [n, id] of ids.entries()) {
  const ms = sql`(${sql.lit(start + n * 997)} + i * ${sql.lit(step)})`;
  const at = pg
    ? sql`to_char(to_timestamp((${sql.lit(start + n * 997)}::bigint + i::bigint * ${sql.lit(step)}) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${ms} / 1000.0, 'unixepoch')`;
  const series = pg
    ? sql`generate_series(0, ${sql.lit(PER_CODE - 1)}) as i`
    : sql`(with recursive n(i) as (select 0 union all select i + 1 from n where i < ${sql.lit(PER_CODE - 1)}) select i from n)`;
  await sql`insert into scans (id, code_id, workspace_id, organization_id, scanned_at, country, device, os, browser, referrer, language, is_bot, ip_hash, destination)
    select ${scanIdSql(pg ? sql`(${sql.lit(start + n * 997)}::bigint + i::bigint * ${sql.lit(step)})` : ms, sql`i`, pg)}, ${id}, ${t.workspaceId}, ${t.organizationId}, ${at},
      'DE', 'mobile', 'iOS', 'Mobile Safari', 'https://ref.example/', 'de-de', 0, 'a1b2c3d4e5f6a7b8', 'https://example.com/'
    from ${series}`.execute(h.db);
}
await rollUpAsTheFlush(h.db, new Date(), [t.workspaceId]);
const seedSeconds = (performance.now() - seedStart) / 1000;

const exportId = newId('exp');
const now = new Date();
await h.db
  .insertInto('privacy_exports')
  .values({
    id: exportId,
    organization_id: t.organizationId,
    user_id: t.userId,
    scope: 'organization',
    status: 'pending',
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
  })
  .execute();

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
gc();
const base = process.memoryUsage();
let peakHeap = base.heapUsed;
let peakRss = base.rss;
const timer = setInterval(() => {
  const m = process.memoryUsage();
  peakHeap = Math.max(peakHeap, m.heapUsed);
  peakRss = Math.max(peakRss, m.rss);
}, 5);
const began = performance.now();
await runExport({ db: h.db, config: h.config, clock: systemClock }, exportId);
const seconds = (performance.now() - began) / 1000;
clearInterval(timer);
const row = await h.db.selectFrom('privacy_exports').selectAll().where('id', '=', exportId).executeTakeFirstOrThrow();
const scans = await h.db
  .selectFrom('scans')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow();
console.log(
  `${pg ? 'PostgreSQL' : 'SQLite'}: ${CODES.toLocaleString('en')} codes, ${Number(scans.n).toLocaleString('en')} scans (seeded in ${seedSeconds.toFixed(0)} s); ` +
    `export ${row.status} in ${seconds.toFixed(1)} s, ZIP ${mb(Number(row.size_bytes))} MB; ` +
    `heap before ${mb(base.heapUsed)} MB, peak ${mb(peakHeap)} MB, extra ${mb(peakHeap - base.heapUsed)} MB; ` +
    `RSS before ${mb(base.rss)} MB, peak ${mb(peakRss)} MB`,
);
await h.close();
rmSync(dir, { recursive: true, force: true });
if (file) rmSync(file.file, { force: true });
