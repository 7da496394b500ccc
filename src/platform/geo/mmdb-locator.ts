import { readFile } from 'node:fs/promises';
import { unwatchFile, watchFile } from 'node:fs';
import { isIPv4 } from 'node:net';
import { Reader } from 'mmdb-lib';
import type { GeoInfo, GeoLocator, Place } from './locator.js';
import { placeOf } from './records.js';

/** Decoded records kept per database: a hit skips decoding (the tree walk remains, about 1.5 µs). */
const MAX_RECORDS = 20_000;

interface Loaded {
  path: string;
  reader: Reader<Record<string, unknown>>;
  v4: boolean;
}

/**
 * MMDB files held in memory and read with mmdb-lib (docs/decisions.md D79). The shipped DB-IP
 * database is two files, one an IP version; an operator's file (GeoIP2, DB-IP commercial) usually
 * holds both. An address is looked up in the first file that can hold it.
 */
export class MmdbLocator implements GeoLocator {
  private loaded: Loaded[] = [];
  private watching = false;

  constructor(
    private readonly paths: string[],
    private readonly onChange: (result: GeoInfo | Error) => void = () => undefined,
  ) {}

  /** Loads the files; rejects (start-up fails) when one cannot be read. */
  async open(): Promise<GeoInfo> {
    return this.reload();
  }

  /** Reloads when a file's modification time changes, checked every `intervalMs` (a stat, no read). */
  watch(intervalMs: number): void {
    if (this.watching) return;
    this.watching = true;
    for (const path of this.paths)
      watchFile(path, { interval: intervalMs, persistent: false }, (now, before) => {
        if (now.mtimeMs === before.mtimeMs || now.size === 0) return;
        this.reload().then(this.onChange, this.onChange);
      });
  }

  locate(ip: string): Place | null {
    // A dual-stack socket reports IPv4 clients as ::ffff:a.b.c.d.
    const address = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
    const v4 = isIPv4(address);
    for (const l of this.loaded) {
      if (l.v4 && !v4) continue;
      let record: Record<string, unknown> | null = null;
      try {
        record = l.reader.get(address);
      } catch {
        // not an address (a zone id, junk): unknown, never an error on the redirect
      }
      if (record) return placeOf(record);
    }
    return null;
  }

  async reload(): Promise<GeoInfo> {
    const next: Loaded[] = [];
    for (const path of this.paths) {
      const records = new Map<number, unknown>();
      const reader = new Reader<Record<string, unknown>>(await readFile(path), {
        cache: {
          get: (k: number) => records.get(k),
          set: (k: number, v: unknown) => {
            if (records.size >= MAX_RECORDS) records.clear();
            records.set(k, v);
          },
        },
      });
      next.push({ path, reader, v4: reader.metadata.ipVersion === 4 });
    }
    // Swapped whole: a lookup never sees half of the old files and half of the new.
    this.loaded = next;
    return {
      files: next.map((l) => ({
        path: l.path,
        type: l.reader.metadata.databaseType,
        built: l.reader.metadata.buildEpoch.toISOString(),
      })),
    };
  }

  close(): void {
    if (this.watching) for (const path of this.paths) unwatchFile(path);
    this.watching = false;
  }
}
