import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { UA } from './codes.js';

// A real server process (src/server.ts) on loopback, for tests of what only separate processes show:
// SIGKILL, journals on disk, several instances.

export function get(port: number, path: string): Promise<{ status: number; body: string }> {
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

export interface ServerProcess {
  child: ChildProcess;
  logs: () => string;
}

/**
 * The environment of a scan-pipeline test server on loopback: flushes every 100 ms, no public rate
 * limit (the tests send many redirects from one address), a short SQLite busy timeout so a held
 * database shows at once, warnings only. `more` adds to it or overrides it.
 */
export const scanServerEnv = (databaseUrl: string, port: number, more: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  DATABASE_URL: databaseUrl,
  NODE_ENV: 'test',
  PORT: String(port),
  HOST: '127.0.0.1',
  BASE_URL: `http://127.0.0.1:${port}`,
  RATE_LIMIT_PUBLIC: '0',
  SCAN_FLUSH_MS: '100',
  SQLITE_BUSY_TIMEOUT_MS: '20',
  LOG_LEVEL: 'warn',
  ...more,
});

/** Starts the server with `env` (PORT among it) and waits until its health route answers, whatever the status. */
export async function startServer(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const port = Number(env.PORT);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let raw = '';
  child.stdout!.on('data', (d) => (raw += d));
  child.stderr!.on('data', (d) => (raw += d));
  for (let i = 0; i < 1800; i++) {
    // LOG_LEVEL=warn: no "listening" line; the health route answers once it listens.
    if (
      await get(port, '/v1/health').then(
        () => true,
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

export const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

export function stop(server: ServerProcess | null | undefined): void {
  if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
}
