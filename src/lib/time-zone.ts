/**
 * The canonical IANA name of a time zone (`europe/berlin` → `Europe/Berlin`), or null when the
 * runtime's ICU does not know it. Fixed offsets such as `+01:00` are refused: newer Node versions
 * accept them and older ones do not, and a zone name also carries the daylight-saving rules.
 */
export function canonicalTimeZone(name: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name) || name.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
