// @qrs/sdk as a user gets it: `npm pack`ed and installed into an empty folder. Offline: the SDK's
// runtime dependencies (openapi-fetch and what it needs) are packed from this repository's
// node_modules and installed beside it, so no registry is asked.
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';

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

/** Builds and packs the SDK, and installs the tarball into `dir` (a fresh folder). */
export async function installPackedSdk(dir: string, pkg: Record<string, unknown> = {}): Promise<void> {
  const sdkDir = resolve('sdk');
  npm(['run', 'build'], sdkDir);
  // Built just above: `prepare` would build it again (and print into the list of tarballs).
  const packed = (from: string, what: string[]) =>
    (
      JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', dir, ...what], from)) as Array<{
        filename: string;
      }>
    ).map((p) => join(dir, p.filename));
  const deps = runtimeDeps(sdkDir);
  const tarballs = [...packed(sdkDir, []), ...(deps.length ? packed(resolve('.'), deps) : [])];
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'sdk-consumer', private: true, ...pkg }));
  npm(['install', '--offline', '--no-package-lock', ...tarballs], dir);
}
