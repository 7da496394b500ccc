import { MmdbLocator } from './mmdb-locator.js';
import { noGeo, type GeoInfo, type GeoLocator } from './locator.js';

interface Log {
  info(o: object, msg: string): void;
  error(o: object, msg: string): void;
}

/**
 * The app's locator (docs/decisions.md D79): the configured MMDB files read into memory before the
 * server listens, so no redirect waits for a file. A worker answers no redirect and loads none. An
 * operator's files are watched for a change (GEOIP_WATCH_MS); SIGHUP reloads any (src/server.ts).
 */
export async function openGeo(
  config: { role: string; geoip: { files: string[]; watchMs: number } },
  log: Log,
): Promise<GeoLocator> {
  const { files, watchMs } = config.geoip;
  if (config.role === 'worker' || files.length === 0) return noGeo;
  const report = (r: GeoInfo | Error) =>
    r instanceof Error
      ? log.error({ err: r }, 'geolocation database not reloaded; the loaded one stays')
      : log.info({ geoip: r.files }, 'geolocation database reloaded');
  const locator = new MmdbLocator(files, report);
  const info = await locator.open();
  log.info({ geoip: info.files }, 'geolocation database loaded');
  if (watchMs > 0) locator.watch(watchMs);
  return locator;
}
