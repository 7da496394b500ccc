import type { FastifyRequest } from 'fastify';
import type { ServiceDeps } from '../../platform/deps.js';
import { AppError } from '../../http/errors.js';
import { checkCsrf } from '../../http/csrf.js';
import { SESSION_COOKIE } from '../../http/auth.js';
import { findUserById, normalizeEmail, sessionOf } from '../accounts/index.js';
import { isNamedOperator } from './operator.repo.js';

/** The signed-in operator of a request to /v1/operator. */
export interface Operator {
  userId: string;
  email: string;
  requestId: string;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The answer to anyone who is not a signed-in operator: the one an unknown route gets (src/http/problem.ts). */
function noSuchRoute(request: FastifyRequest) {
  return new AppError('not-found', `No route ${request.method} ${request.url.split('?')[0]}.`);
}

/** OPERATOR_EMAILS or `qrs operator add` (docs/decisions.md D73). */
export async function isOperator(deps: ServiceDeps, user: { id: string; email: string }): Promise<boolean> {
  return deps.config.operatorEmails.includes(normalizeEmail(user.email)) || isNamedOperator(deps.db, user.id);
}

/**
 * Who may use the operator's routes (docs/decisions.md D73): a dashboard session of an operator,
 * with two-factor sign-in on. API keys and everyone else get the 404 of an unknown route, so the
 * routes are not advertised; only an operator learns that 2FA or the CSRF token is missing.
 */
export async function operatorOf(deps: ServiceDeps, request: FastifyRequest): Promise<Operator> {
  const token = request.cookies[SESSION_COOKIE];
  if (request.headers.authorization !== undefined || !token) throw noSuchRoute(request);
  // An expired session is nobody; a database that does not answer is still a 503.
  const session = await sessionOf(deps, token).catch((err: unknown) => {
    if (err instanceof AppError && err.type === 'authentication') return null;
    throw err;
  });
  const user = session ? await findUserById(deps.db, session.user_id) : undefined;
  if (!session || !user || user.erased_at !== null || !(await isOperator(deps, user))) throw noSuchRoute(request);
  if (user.totp_enabled_at === null)
    throw new AppError(
      'two-factor-enrolment-required',
      "The operator's console needs two-factor sign-in: turn it on first (POST /auth/2fa/enrol).",
    );
  if (!SAFE_METHODS.has(request.method)) checkCsrf(session.csrf_token, request.headers['x-csrf-token']);
  return { userId: user.id, email: user.email, requestId: request.id };
}
