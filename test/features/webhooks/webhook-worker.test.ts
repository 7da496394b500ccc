import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomSlug } from '../../support/harness.js';
import { forEachDialect } from '../../support/suite.js';
import { freePort } from '../../support/private-servers.js';
import { Receiver, verify } from '../../support/webhook-receiver.js';
import { openDatabase, type DB } from '../../../src/db/database.js';

// Process roles (docs/decisions.md D32): a `ROLE=web` instance serves the API and never delivers;
// a worker (`npm run worker`) on the same database delivers what the web instance committed.

interface Proc {
  child: ChildProcess;
  logs: () => string;
}

function launch(program: string, env: NodeJS.ProcessEnv, ready: string): Promise<Proc> {
  const child = spawn(process.execPath, ['--import', 'tsx', program], {
    env: { ...process.env, ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let raw = '';
  child.stdout!.on('data', (d) => (raw += d));
  child.stderr!.on('data', (d) => (raw += d));
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const check = setInterval(() => {
      if (raw.includes(ready)) {
        clearInterval(check);
        resolve({ child, logs: () => raw });
      } else if (child.exitCode !== null || Date.now() - started > 600_000) {
        clearInterval(check);
        child.kill();
        reject(new Error(`${program} did not start: ${raw}`));
      }
    }, 100);
  });
}

function stop({ child }: Proc): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

async function until(what: () => boolean | Promise<boolean>, ms = 60_000) {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100)))
    if (await what()) return;
  throw new Error('timed out');
}

forEachDialect('process roles: web and worker', (dialect) => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let rx: Receiver;
  let db: DB;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'qrs-roles-'));
    env = {
      // Two processes on one SQLite WAL file, or on one PostgreSQL database.
      DATABASE_URL: dialect.name === 'sqlite' ? `sqlite:${join(dir, 'x.sqlite')}` : dialect.url,
      NODE_ENV: 'test',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      JOBS_POLL_INTERVAL_MS: '100',
      RATE_LIMIT_PRO: '1000000',
    };
    rx = await new Receiver().start();
  });
  after(async () => {
    await rx.stop();
    await db?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a web instance never delivers; a worker on the same database delivers what it committed, once', async () => {
    const boot = spawnSync(
      'npm',
      ['run', '--silent', 'cli', '--', 'bootstrap', '--email', `${randomSlug('w')}@example.com`]
        .concat(['--password', 'long enough pw', '--org-name', 'Roles', '--org-slug', randomSlug('roles')])
        .concat(['--plan', 'pro']),
      { env: { ...process.env, ...env }, encoding: 'utf8' },
    );
    assert.equal(boot.status, 0, boot.stderr);
    const tenant = JSON.parse(boot.stdout.trim());
    db = openDatabase(env.DATABASE_URL!);

    const port = await freePort();
    const web = await launch('src/server.ts', { ...env, ROLE: 'web', PORT: String(port) }, 'Server listening');
    let worker: Proc | null = null;
    try {
      const post = async (path: string, body: unknown) => {
        const res = await fetch(`http://127.0.0.1:${port}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tenant.api_key}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        assert.equal(res.status, 201, await res.clone().text());
        return ((await res.json()) as { data: Record<string, string> }).data;
      };
      const url = rx.endpoint();
      const hook = await post('/v1/webhooks', { url, event_types: ['code.created'] });
      const code = await post('/v1/codes', { type: 'url', url: 'https://example.com/roles' });

      // Twenty poll intervals: an instance running jobs would have fanned out and delivered.
      await new Promise((r) => setTimeout(r, 2_000));
      assert.equal(rx.at(url).length, 0, 'the web instance delivered');
      const pending = await db
        .selectFrom('jobs')
        .select(['status'])
        .where('kind', '=', 'events.publish')
        .where('payload', 'like', `%${code.id}%`)
        .execute();
      assert.deepEqual(
        pending.map((j) => j.status),
        ['pending'],
      );

      worker = await launch('src/job-worker.ts', env, 'worker running background jobs');
      await until(() => rx.at(url).length > 0);
      await new Promise((r) => setTimeout(r, 500));
      const got = rx.at(url);
      assert.equal(got.length, 1, 'delivered once');
      assert.equal(got[0].json.type, 'code.created');
      assert.equal(got[0].json.data.id, code.id);
      verify(hook.secret, got[0]);
      const delivery = await db
        .selectFrom('webhook_deliveries')
        .select('status')
        .where('webhook_id', '=', hook.id)
        .executeTakeFirstOrThrow();
      assert.equal(delivery.status, 'succeeded');
      assert.ok(!worker.logs().includes('Server listening'), 'a worker serves no HTTP');
    } finally {
      assert.equal(await stop(web), 0, web.logs());
      if (worker) assert.equal(await stop(worker), 0, worker.logs());
    }
  });
});
