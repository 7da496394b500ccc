import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHarness, seedTenant } from '../../../support/harness.js';
import { forEachDialect } from '../../../support/suite.js';
import { freePort } from '../../../support/private-servers.js';
import { createCode } from '../../../support/codes.js';
import { exited, get, scanServerEnv, startServer } from '../../../support/server-process.js';
import { countScans, holdDatabase } from '../../../support/db-hold.js';

// A real server process, the database made to fall behind (a lock another connection holds),
// SIGKILL with scans pending: the journal on disk brings every answered redirect back as a row.

forEachDialect('scan journal across SIGKILL, a real process', (dialect) => {
  let dir: string;
  let url: string;
  let journalDir: string;
  let slot: string;
  let codeId: string;
  let shortCode: string;
  let port: number;
  before(async () => {
    port = await freePort();
    dir = mkdtempSync(join(tmpdir(), 'qrs-kill-'));
    url = dialect.name === 'sqlite' ? `sqlite:${join(dir, 'qrs.sqlite')}` : dialect.url;
    // SQLite: the default, next to the database file; PostgreSQL: a directory of this test's own.
    journalDir = dialect.name === 'sqlite' ? join(dir, 'qrs.sqlite.scan-journal') : join(dir, 'journal');
    slot = join(journalDir, 'slot-0'); // the first process claims the first slot (docs/decisions.md D67)
    const h = await createHarness({ name: dialect.name, url });
    const t = await seedTenant(h, 'pro');
    const code = await createCode(h, t, { type: 'url', url: 'https://dest.example/' });
    codeId = code.id;
    shortCode = code.short_code;
    await h.close();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const count = () => countScans(dialect.name, url, codeId);

  it('every answered redirect becomes a row after SIGKILL and a restart; health and /metrics showed the backlog', async () => {
    const env = scanServerEnv(url, port, {
      SCAN_BACKLOG_DEGRADED: '100',
      ...(dialect.name === 'postgres' ? { SCAN_JOURNAL_DIR: journalDir } : {}),
    });
    let server = await startServer(env);
    let blocker: { release(): Promise<void> } | null = null;
    try {
      assert.equal((await get(port, `/r/${shortCode}`)).status, 302);
      for (let i = 0; i < 100 && (await count()).rows < 1; i++) await new Promise((r) => setTimeout(r, 50));
      assert.equal((await count()).rows, 1, 'the first scan is written while the database keeps up');

      // Another connection holds what the flush must write: it falls behind from here.
      blocker = await holdDatabase(dialect.name, url);
      const N = 300;
      for (let i = 0; i < N; i += 10) {
        const answers = await Promise.all(Array.from({ length: 10 }, () => get(port, `/r/${shortCode}`)));
        for (const a of answers) assert.equal(a.status, 302);
      }
      await new Promise((r) => setTimeout(r, 400)); // SCAN_FLUSH_MS: every scan is cut into a journaled batch
      const health = JSON.parse((await get(port, '/v1/health')).body);
      assert.equal(health.status, 'degraded', JSON.stringify(health));
      assert.equal(health.checks.scans, 'backlog');
      assert.equal(health.scans.journal, 'on');
      assert.equal(health.scans.pending, N);
      const metrics = (await get(port, '/metrics')).body;
      assert.match(metrics, new RegExp(`^qrs_scans_received_total ${N + 1}$`, 'm'));
      assert.match(metrics, new RegExp(`^qrs_scans_pending ${N}$`, 'm'));
      assert.match(metrics, /^qrs_scans_written_total 1$/m);
      assert.ok(existsSync(slot) && readdirSync(slot).some((f) => f.startsWith('segment-')));

      server.child.kill('SIGKILL');
      await exited(server.child);
      await blocker.release();
      blocker = null;
      assert.equal((await count()).rows, 1, 'nothing of the backlog reached the database before the kill');

      server = await startServer(env);
      let now = await count();
      for (let i = 0; i < 300 && now.rows < N + 1; i++) {
        await new Promise((r) => setTimeout(r, 100));
        now = await count();
      }
      assert.deepEqual(now, { rows: N + 1, counted: N + 1 }, 'every redirect is a row, and counted once');
      const after = JSON.parse((await get(port, '/v1/health')).body);
      assert.equal(after.status, 'ok', JSON.stringify(after));
      server.child.kill('SIGTERM');
      await exited(server.child);
      assert.deepEqual(
        readdirSync(slot).filter((f) => f.startsWith('segment-')),
        [],
        'a graceful stop leaves no segment behind',
      );
      assert.deepEqual(await count(), { rows: N + 1, counted: N + 1 });
    } finally {
      await blocker?.release();
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    }
  });
});
