import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHarness, seedTenant } from '../../../support/harness.js';
import { forEachDialect } from '../../../support/suite.js';
import { freePort } from '../../../support/private-servers.js';
import { createCode } from '../../../support/codes.js';
import { exited, get, scanServerEnv, startServer, stop, type ServerProcess } from '../../../support/server-process.js';
import { countScans, holdDatabase } from '../../../support/db-hold.js';

// Several instances started with one journal directory (as from one working directory behind a
// load balancer) each claim a slot of it; a SIGKILLed one is drained by a live one without a
// restart; one that cannot claim any answers 503 on /v1/health (docs/decisions.md D67).

forEachDialect('scan journal slots, several real processes', (dialect) => {
  let dir: string;
  let url: string;
  let codeId: string;
  let shortCode: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'qrs-slots-'));
    url = dialect.name === 'sqlite' ? `sqlite:${join(dir, 'qrs.sqlite')}` : dialect.url;
    const h = await createHarness({ name: dialect.name, url });
    const t = await seedTenant(h, 'pro');
    const code = await createCode(h, t, { type: 'url', url: 'https://dest.example/' });
    codeId = code.id;
    shortCode = code.short_code;
    await h.close();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const envFor = (port: number, journal: string) => scanServerEnv(url, port, { SCAN_JOURNAL_DIR: journal });

  it('two instances on one directory both journal; a SIGKILLed one’s scans are written by the other', async () => {
    const journal = join(dir, 'journal');
    const ports = [await freePort(), await freePort()];
    const servers: Array<ServerProcess | null> = [];
    let blocker: { release(): Promise<void> } | null = null;
    const before = (await countScans(dialect.name, url, codeId)).rows;
    try {
      for (const port of ports) servers.push(await startServer(envFor(port, journal)));
      for (const port of ports) {
        const health = JSON.parse((await get(port, '/v1/health')).body);
        assert.equal(health.scans.journal, 'on', `every instance journals: ${JSON.stringify(health)}`);
        assert.equal(health.checks.scans, 'ok');
      }
      assert.deepEqual(readdirSync(journal).sort(), ['slot-0', 'slot-1']);

      blocker = await holdDatabase(dialect.name, url);
      const N = 120;
      for (let i = 0; i < N; i += 10) {
        const answers = await Promise.all(Array.from({ length: 10 }, (_, k) => get(ports[k % 2], `/r/${shortCode}`)));
        for (const a of answers) assert.equal(a.status, 302);
      }
      await new Promise((r) => setTimeout(r, 400)); // SCAN_FLUSH_MS: every scan is cut into a journaled batch
      const victim = JSON.parse((await get(ports[1], '/v1/health')).body);
      assert.equal(victim.scans.pending, N / 2, 'the victim holds its half, pending');

      servers[1]!.child.kill('SIGKILL');
      await exited(servers[1]!.child);
      servers[1] = null;
      await blocker.release();
      blocker = null;

      // No restart: the survivor finds the dead slot (ADOPT_MS) and writes its batches.
      let now = await countScans(dialect.name, url, codeId);
      for (let i = 0; i < 300 && now.rows < before + N; i++) {
        await new Promise((r) => setTimeout(r, 100));
        now = await countScans(dialect.name, url, codeId);
      }
      assert.equal(now.rows, before + N, 'every answered redirect is a row');
      assert.equal(now.counted, before + N, 'and counted once');
      assert.match(servers[0]!.logs(), /adopted a dead process/);
      assert.deepEqual(
        readdirSync(join(journal, 'slot-1')).filter((f) => f.startsWith('segment-')),
        [],
        'the dead slot is empty',
      );
    } finally {
      await blocker?.release();
      for (const s of servers) stop(s);
    }
  });

  it('an instance that cannot claim a journal answers 503 `no-journal`, so a load balancer takes it out', async () => {
    const notADirectory = join(dir, 'a-file');
    writeFileSync(notADirectory, 'x');
    const port = await freePort();
    const server = await startServer(envFor(port, join(notADirectory, 'journal')));
    try {
      const res = await get(port, '/v1/health');
      assert.equal(res.status, 503);
      const health = JSON.parse(res.body);
      assert.equal(health.checks.scans, 'no-journal');
      assert.equal(health.scans.journal, 'unavailable');
      assert.equal(health.checks.database, 'up');
      assert.equal((await get(port, `/r/${shortCode}`)).status, 302, 'redirects still answer');
    } finally {
      server.child.kill('SIGTERM');
      await exited(server.child);
    }
  });
});
