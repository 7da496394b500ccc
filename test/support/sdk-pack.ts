// @qrs/sdk as a user gets it: `npm pack`ed and installed into an empty folder. Offline: the SDK's
// runtime dependencies (openapi-fetch and what it needs) are packed from this repository's
// node_modules and installed beside it, so no registry is asked.
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

const npm = (args: string[], cwd: string) =>
  execFileSync('npm', args, {
    cwd,
    stdio: 'pipe',
    encoding: 'utf8',
    env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' },
  });

/** `./node_modules/<dep>` of every runtime dependency of a package, theirs included. */
function runtimeDeps(pkgDir: string, seen = new Set<string>()): string[] {
  const { dependencies = {} } = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  for (const name of Object.keys(dependencies)) {
    const dir = `./node_modules/${name}`;
    if (seen.has(dir)) continue;
    seen.add(dir);
    runtimeDeps(resolve(dir), seen);
  }
  return [...seen];
}

/** A lock left by a test process killed mid-build is taken over after this long. */
const STALE_LOCK_MS = 5 * 60_000;

/**
 * Runs `fn` while no other test process of this checkout runs it: test files run in parallel
 * processes, and two that rebuilt sdk/dist at once had one pack a file the other's tsc was
 * rewriting (npm's "unexpected EOF" in a CI rehearsal). `mkdir` either creates the lock or fails.
 */
async function exclusively<T>(name: string, fn: () => T): Promise<T> {
  const lock = join(tmpdir(), `qrs-${createHash('sha256').update(name).digest('hex').slice(0, 16)}.lock`);
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      try {
        if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      } catch {
        // released meanwhile: the next try takes it
      }
      await sleep(200);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Builds and packs the SDK, and installs the tarball into `dir` (a fresh folder). */
export async function installPackedSdk(dir: string, pkg: Record<string, unknown> = {}): Promise<void> {
  const sdkDir = resolve('sdk');
  const packed = (from: string, what: string[]) =>
    (
      JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', dir, ...what], from)) as Array<{
        filename: string;
      }>
    ).map((p) => join(dir, p.filename));
  // The build and the pack of sdk/dist together, one test process at a time; the tarball is then
  // this test's own.
  const sdk = await exclusively(`sdk-pack:${sdkDir}`, () => {
    npm(['run', 'build'], sdkDir);
    // Built just above: `prepare` would build it again (and print into the list of tarballs).
    return packed(sdkDir, []);
  });
  // The dependencies are packed from node_modules, which no test rewrites: outside the lock.
  const deps = runtimeDeps(sdkDir);
  const tarballs = [...sdk, ...(deps.length ? packed(resolve('.'), deps) : [])];
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'sdk-consumer', private: true, ...pkg }));
  npm(['install', '--offline', '--no-package-lock', ...tarballs], dir);
}
