// Days as the workspace counts them: in its time zone, not the browser's.

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDay(at: Date, tz: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      at,
    );
  } catch {
    return at.toISOString().slice(0, 10);
  }
}

/** The last 30 days up to today, counted in `tz`. */
export function last30Days(tz: string) {
  const to = localDay(new Date(), tz);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}
