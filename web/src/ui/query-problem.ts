import { ApiError, type Problem } from '../api/client';

/**
 * Where a query's problem goes. A first load that failed leaves nothing to show: `alone` stands in
 * for the screen. A refetch that failed (every write refetches the screen's queries, and one
 * instance of several may be restarting) keeps the data on screen, and with it what the user was
 * typing into a form of it: `above` is shown over the data. Before, both replaced the screen.
 */
export function queryProblem(q: { error: unknown; data: unknown }): { alone: Problem | null; above: Problem | null } {
  if (!(q.error instanceof ApiError)) return { alone: null, above: null };
  return q.data === undefined ? { alone: q.error.problem, above: null } : { alone: null, above: q.error.problem };
}
