// The last server errors of this process, for the operator's health screen (docs/decisions.md D77):
// what failed, where and when, and the request id that finds the whole story in the log. Never the
// error's message, which may hold a connection string or a customer's data; the log keeps that.

export interface RecentError {
  at: string;
  request_id: string;
  method: string;
  /** the route's pattern (`/v1/codes/:id`), not the URL, which may hold ids or tokens */
  route: string;
  status: number;
  type: string;
  /** the error's class or code (`Error`, `ECONNREFUSED`) */
  error: string;
}

/** Enough to see a burst and what it is made of; older ones are in the log. */
export const KEPT = 20;

const recent: RecentError[] = [];

export function rememberError(e: RecentError): void {
  recent.unshift(e);
  if (recent.length > KEPT) recent.length = KEPT;
}

/** Newest first. */
export const recentErrors = (): RecentError[] => [...recent];
