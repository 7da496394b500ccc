/**
 * Where an address is, as far as an IP database tells (docs/decisions.md D79): a country (ISO 3166-1
 * alpha-2), a region (state, province: the database's name for it) and a city. Any of them may be
 * unknown; a private or unlisted address has no place at all.
 */
export interface Place {
  country: string | null;
  region: string | null;
  city: string | null;
}

/** What the redirect asks of geolocation; an in-memory lookup, never I/O per request. */
export interface GeoLocator {
  /** The place of an IP address, or null (no database, private address, not listed). */
  locate(ip: string): Place | null;
  /**
   * Reads the database files again and swaps them in whole; lookups go on meanwhile with the old
   * ones. A file that cannot be read or is no MMDB leaves the old database in place and rejects.
   */
  reload(): Promise<GeoInfo>;
  /** Stops watching the files. */
  close(): void;
}

/** What is loaded, for the log line of a (re)load. */
export interface GeoInfo {
  files: Array<{ path: string; type: string; built: string }>;
}

/** No database (GEOIP_DATABASE=off, the worker): every place is unknown. */
export const noGeo: GeoLocator = {
  locate: () => null,
  reload: () => Promise.resolve({ files: [] }),
  close: () => undefined,
};
