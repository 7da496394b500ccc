import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import http from 'node:http';
import { randomSlug } from '../support/harness.js';
import { forEachDialect } from '../support/suite.js';
import { freePort } from '../support/private-servers.js';

function cli(env: NodeJS.ProcessEnv, args: string[]) {
  const res = spawnSync('npm', ['run', '--silent', 'cli', '--', ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

async function startServer(
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; port: number; logs: () => string[] }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let raw = '';
  child.stdout!.on('data', (d) => (raw += d));
  child.stderr!.on('data', (d) => (raw += d));
  const logs = () => raw.split('\n').filter(Boolean);
  // Generous: tsx compiles the whole app on start, and CI runs two test files at once.
  for (let i = 0; i < 600; i++) {
    if (raw.includes('Server listening')) return { child, port, logs };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`server did not start: ${raw}`);
}

function request(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ port, path, headers, host: '127.0.0.1' }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      })
      .on('error', reject);
  });
}

forEachDialect('CLI, real port and graceful shutdown', (dialect) => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'qrs-proc-'));
    env = {
      DATABASE_URL: dialect.name === 'sqlite' ? `sqlite:${join(dir, 'x.sqlite')}` : dialect.url,
      NODE_ENV: 'test',
    };
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('bootstraps with the CLI, serves the same database, logs JSON with request ids, and shuts down gracefully', async () => {
    const boot = cli(env, [
      'bootstrap',
      '--email',
      `${randomSlug('cli')}@example.com`,
      '--password',
      'long enough pw',
      '--org-name',
      'CLI Org',
      '--org-slug',
      randomSlug('cli'),
      '--plan',
      'pro',
    ]);
    assert.equal(boot.status, 0, boot.stderr);
    const lines = boot.stdout.trim().split('\n');
    assert.equal(lines.length, 1, 'npm run --silent cli prints only its JSON');
    const out = JSON.parse(lines[0]);
    assert.deepEqual(Object.keys(out).sort(), ['api_key', 'organization_id', 'user_id', 'workspace_id']);
    assert.match(out.api_key, /^qrs_sk_[0-9A-Za-z]{40}$/);

    const key = cli(env, ['api-key', 'create', '--workspace', out.workspace_id, '--name', 'deploy']);
    assert.equal(key.status, 0, key.stderr);
    const created = JSON.parse(key.stdout);
    assert.match(created.id, /^key_/);

    const bad = cli(env, ['bootstrap', '--email', 'x@example.com']);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /usage/);

    const { child, port, logs } = await startServer(env);
    try {
      const org = await request(port, '/v1/organizations', { authorization: `Bearer ${created.api_key}` });
      assert.equal(org.status, 200);
      const body = JSON.parse(org.body);
      assert.equal(body.data.id, out.organization_id);
      assert.equal(body.data.plan, 'pro');
      await new Promise((r) => setTimeout(r, 200));
      const logged = logs()
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l))
        .filter((l) => l.reqId === body.meta.request_id);
      assert.ok(logged.length >= 2, 'request and response log lines carry the request id');

      // Hold a request in flight: headers and half a body, the rest after SIGTERM.
      const inFlight = new Promise<number>((resolve, reject) => {
        const req = http.request(
          {
            port,
            host: '127.0.0.1',
            method: 'POST',
            path: '/v1/organizations',
            headers: {
              'content-type': 'application/json',
              'content-length': '12',
              authorization: `Bearer ${created.api_key}`,
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode!));
          },
        );
        req.on('error', reject);
        req.write('{"name":');
        setTimeout(() => {
          child.kill('SIGTERM');
          setTimeout(() => req.end('"x"}'), 300);
        }, 200);
      });
      const status = await inFlight;
      assert.ok(status > 0 && status !== 503, `in-flight request finished (${status})`);
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      assert.equal(code, 0);
      assert.ok(logs().some((l) => l.includes('shutting down')));
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
