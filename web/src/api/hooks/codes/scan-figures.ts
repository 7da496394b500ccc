// What the hooks of a code's scan figures share: how often they refresh and the range they cover.

/**
 * Scan figures refresh every 30 s, and only while the tab is visible (TanStack Query pauses
 * intervals in the background); the Refresh button is for the person who just scanned. 5 s
 * polling spent a Free plan's whole minute of requests on one open page.
 */
export const POLL_MS = 30_000;

export interface DateRange {
  from: string;
  to: string;
}
