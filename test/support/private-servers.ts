import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

const PG_BIN = ['/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/17/bin'].find((d) =>
  existsSync(join(d, 'initdb')),
);

/**
 * Why a private PostgreSQL cluster cannot run here, or null when it can. Tests that stop the
 * database use their own cluster, never the shared server other suites use.
 */
export function privatePostgresUnavailable(): string | null {
  if (!PG_BIN) return 'no PostgreSQL server binaries in /usr/lib/postgresql/*/bin';
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root and there is no postgres user for initdb';
    }
  }
  return null;
}

/** A throwaway cluster in a temp dir on a free port; start/stop it at will. */
export class PrivatePostgres {
  readonly dir = mkdtempSync(join(tmpdir(), 'qrs-pg-'));
  readonly data = join(this.dir, 'data');
  port = 0;

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private run(bin: string, args: string[]) {
    const asRoot = process.getuid?.() === 0;
    const cmd = asRoot ? 'runuser' : join(PG_BIN!, bin);
    execFileSync(cmd, asRoot ? ['-u', 'postgres', '--', join(PG_BIN!, bin), ...args] : args, {
      stdio: 'pipe',
      timeout: 60_000,
    });
  }

  async init(): Promise<void> {
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
      chownSync(this.dir, uid, gid);
    }
    this.run('initdb', ['-D', this.data, '-A', 'trust', '-U', 'postgres', '--no-sync', '--no-instructions']);
    this.port = await freePort();
    await this.start();
  }

  async start(): Promise<void> {
    this.run('pg_ctl', [
      '-D',
      this.data,
      '-l',
      join(this.dir, 'log'),
      '-w',
      '-t',
      '30',
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=30 -c shared_buffers=16MB`,
      'start',
    ]);
  }

  /** Fast shutdown: PostgreSQL terminates every connection, as in a restart or failover. */
  async stop(): Promise<void> {
    this.run('pg_ctl', ['-D', this.data, '-m', 'fast', '-w', '-t', '30', 'stop']);
  }

  async destroy(): Promise<void> {
    try {
      await this.stop();
    } catch {
      /* already stopped */
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export function redisUnavailable(): string | null {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return null;
  } catch {
    return 'redis-server is not installed';
  }
}

/** A redis-server of this test's own on a free port (never the shared 6379), without persistence. */
export class PrivateRedis {
  port = 0;
  private child: ChildProcess | null = null;

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (!this.port) this.port = await freePort();
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.child = child;
    for (let i = 0; i < 100; i++) {
      if (await canConnect(this.port)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('private redis-server did not start');
  }

  /** Freezes it (SIGSTOP): connections stay open and nothing answers, like a hung server. */
  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  resume(): void {
    this.child?.kill('SIGCONT');
  }

  /** Kills this test's own redis-server (by its pid) and waits until it is gone. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }
}

async function canConnect(port: number): Promise<boolean> {
  const { connect } = await import('node:net');
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/** The URL with an application_name of its own, so the test finds (only) this app's backends. */
export function namedUrl(url: string, name: string): string {
  const u = new URL(url);
  u.searchParams.set('application_name', name);
  return u.toString();
}

/** pg_terminate_backend on every backend of `name`, from a separate connection; how many. */
export async function terminateBackends(url: string, name: string): Promise<number> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const r = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()',
      [name],
    );
    return r.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}
