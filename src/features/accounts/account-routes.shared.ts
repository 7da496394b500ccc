/** What the account routes' reference entries share (docs/accounts.md). */
export const tags = ['auth'];
// sessionRoute, like /auth/login: these read the cookie themselves (or need none); the anonymous per-IP budget applies.
export const cookieAuth = [{ session: [] }];
export const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } },
});
export const noSession = problem('No session, or it expired');
