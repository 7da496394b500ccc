import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import http from 'node:http';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { createHarness, seedTenant } from '../../../support/harness.js';
import { forEachDialect } from '../../../support/suite.js';
import { freePort } from '../../../support/private-servers.js';
import { UA, createCode } from '../../../support/codes.js';

// A real server process, the database made to fall behind (a lock another connection holds),
// SIGKILL with scans pending: the journal on disk brings every answered redirect back as a row.

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ port, path, host: '127.0.0.1', agent: false, headers: { 'user-agent': UA.iphone } }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      })
      .on('error', reject);
  });
}

async function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; logs: () => string }> {
  const port = Number(env.PORT);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let raw = '';
  child.stdout!.on('data', (d) => (raw += d));
  child.stderr!.on('data', (d) => (raw += d));
  for (let i = 0; i < 600; i++) {
    // LOG_LEVEL=warn: no "listening" line; the health route answers once it listens.
    if (
      await get(port, '/v1/health').then(
        (r) => r.status === 200,
        () => false,
      )
    )
      return { child, logs: () => raw };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${raw}`);
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

forEachDialect('scan journal across SIGKILL, a real process', (dialect) => {
  let dir: string;
  let url: string;
  let journalDir: string;
  let codeId: string;
  let shortCode: string;
  let port: number;
  before(async () => {
    port = await freePort();
    dir = mkdtempSync(join(tmpdir(), 'qrs-kill-'));
    url = dialect.name === 'sqlite' ? `sqlite:${join(dir, 'qrs.sqlite')}` : dialect.url;
    // SQLite: the default, next to the database file; PostgreSQL: a directory of this test's own.
    journalDir = dialect.name === 'sqlite' ? join(dir, 'qrs.sqlite.scan-journal') : join(dir, 'journal');
    const h = await createHarness({ name: dialect.name, url });
    const t = await seedTenant(h, 'pro');
    const code = await createCode(h, t, { type: 'url', url: 'https://dest.example/' });
    codeId = code.id;
    shortCode = code.short_code;
    await h.close();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const count = async () => {
    if (dialect.name === 'sqlite') {
      const db = new SQLite(url.slice('sqlite:'.length), { readonly: true });
      try {
        const scans = db.prepare('select count(*) as n from scans where code_id = ?').get(codeId) as { n: number };
        const code = db.prepare('select scan_count as n from codes where id = ?').get(codeId) as { n: number };
        return { rows: scans.n, counted: code.n };
      } finally {
        db.close();
      }
    }
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const scans = await c.query('select count(*)::int as n from scans where code_id = $1', [codeId]);
      const code = await c.query('select scan_count::int as n from codes where id = $1', [codeId]);
      return { rows: scans.rows[0].n as number, counted: code.rows[0].n as number };
    } finally {
      await c.end();
    }
  };

  it('every answered redirect becomes a row after SIGKILL and a restart; health and /metrics showed the backlog', async () => {
    const env = {
      DATABASE_URL: url,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: `http://127.0.0.1:${port}`,
      RATE_LIMIT_PUBLIC: '0',
      SCAN_FLUSH_MS: '100',
      SCAN_BACKLOG_DEGRADED: '100',
      SQLITE_BUSY_TIMEOUT_MS: '20',
      LOG_LEVEL: 'warn',
      ...(dialect.name === 'postgres' ? { SCAN_JOURNAL_DIR: journalDir } : {}),
    };
    let server = await startServer(env);
    let blocker: { release(): Promise<void> } | null = null;
    try {
      assert.equal((await get(port, `/r/${shortCode}`)).status, 302);
      for (let i = 0; i < 100 && (await count()).rows < 1; i++) await new Promise((r) => setTimeout(r, 50));
      assert.equal((await count()).rows, 1, 'the first scan is written while the database keeps up');

      // Another connection holds what the flush must write: it falls behind from here.
      if (dialect.name === 'sqlite') {
        const lock = new SQLite(url.slice('sqlite:'.length));
        lock.exec('BEGIN IMMEDIATE');
        blocker = {
          async release() {
            lock.exec('ROLLBACK');
            lock.close();
          },
        };
      } else {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query('BEGIN');
        await c.query('LOCK TABLE codes IN EXCLUSIVE MODE');
        blocker = {
          async release() {
            await c.query('ROLLBACK');
            await c.end();
          },
        };
      }
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
      assert.ok(existsSync(journalDir) && readdirSync(journalDir).some((f) => f.startsWith('segment-')));

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
        readdirSync(journalDir).filter((f) => f.startsWith('segment-')),
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
