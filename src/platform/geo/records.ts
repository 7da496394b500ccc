import type { Place } from './locator.js';

const places = new WeakMap<object, Place>();

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 200) : null);
const english = (v: unknown): string | null =>
  v && typeof v === 'object' ? text((v as { names?: { en?: unknown } }).names?.en) : null;

/**
 * A database record as a place. Two shapes are read: the ip-location-db family's flat records
 * (`country_code`, `state1`, `city`) and MaxMind's GeoIP2 / GeoLite2 layout, which DB-IP's
 * commercial files share (`country.iso_code`, `subdivisions[0].names.en`, `city.names.en`).
 * The reader hands out the same object for a cached record, so its place is built once.
 */
export function placeOf(record: Record<string, unknown>): Place | null {
  const hit = places.get(record);
  if (hit) return hit;
  const country = text(record.country_code) ?? text((record.country as { iso_code?: unknown })?.iso_code);
  const region = text(record.state1) ?? english((record.subdivisions as unknown[] | undefined)?.[0]);
  const city = typeof record.city === 'string' ? text(record.city) : english(record.city);
  const c = country?.toUpperCase() ?? null;
  const place: Place = { country: c && /^[A-Z]{2}$/.test(c) ? c : null, region, city };
  places.set(record, place);
  return place;
}
