import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import type { WindowHit } from '../platform/deps.js';

/**
 * docs/decisions.md D8: per API key (or session user), per IP when unauthenticated; public redirect and resolver
 * routes (`config.rateLimit: 'public'`) have their own, higher per-IP budget. The auth plugin runs
 * it after resolving the caller; the 404 and bad-URL handlers call it themselves.
 */
function budgetOf(request: FastifyRequest): { key: string; limit: number } {
  const { config } = request.server.deps;
  const p = request.principal;
  if (request.routeOptions?.config?.rateLimit === 'public')
    return { key: `pub:${request.ip}`, limit: config.rateLimit.publicPerWindow };
  if (p) {
    const plan = config.plans[p.plan]?.requestsPerMinute ?? config.plans.free.requestsPerMinute;
    if (p.kind === 'api_key') return { key: `key:${p.actorId}`, limit: plan };
    // A person in the dashboard is not an integration: the plan's key budget (60 on Free) ran out
    // in a minute of ordinary clicking, so a session has its own floor (docs/decisions.md D16).
    const session = config.rateLimit.sessionPerWindow;
    return { key: `usr:${p.actorId}`, limit: plan === 0 || session === 0 ? 0 : Math.max(plan, session) };
  }
  return { key: `ip:${request.ip}`, limit: config.rateLimit.anonymousPerWindow };
}

/**
 * Counts `units` against the caller's budget, sets the headers and throws 429 past it. It returns a
 * promise only when the store answers asynchronously (Redis): with counters in memory, a redirect
 * pays no promise for its limit.
 */
function consume(request: FastifyRequest, reply: FastifyReply, units: number): void | Promise<void> {
  const { config, rateStore, clock } = request.server.deps;
  const windowMs = config.rateLimit.windowMs;
  const { key, limit } = budgetOf(request);
  if (limit === 0) return; // 0 disables the limit (e.g. a benchmark from one address)
  const now = clock.now().getTime();
  const hit = rateStore.hit(key, windowMs, now, units);
  if (hit instanceof Promise) return hit.then((h) => settle(reply, h, limit, now, windowMs, units));
  settle(reply, hit, limit, now, windowMs, units);
}

function settle(reply: FastifyReply, hit: WindowHit, limit: number, now: number, windowMs: number, units: number) {
  const { count, resetAt } = hit;
  reply.header('x-ratelimit-limit', limit);
  reply.header('x-ratelimit-remaining', Math.max(0, limit - count));
  reply.header('x-ratelimit-reset', Math.ceil(resetAt / 1000));
  if (count > limit) {
    const retry = Math.max(1, Math.ceil((resetAt - now) / 1000));
    const cost = units > 1 ? ` This request costs ${units} more units.` : '';
    throw new AppError(
      'rate-limited',
      `Rate limit of ${limit} requests per ${windowMs / 1000} s exceeded.${cost} Retry in ${retry} s.`,
      {},
      { 'retry-after': String(retry) },
    );
  }
}

/** For handlers that count a request themselves (the 404 and bad-URL handlers, the dashboard fallback). */
export async function applyRateLimit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await consume(request, reply, 1);
}

/**
 * The same as a route's onRequest hook (the auth plugin adds it). A callback hook, not an async
 * one, so that with counters in memory the check stays synchronous on the redirect hot path.
 */
export function rateLimitHook(request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void): void {
  let pending: void | Promise<void>;
  try {
    pending = consume(request, reply, 1);
  } catch (err) {
    return done(err as Error);
  }
  if (pending) pending.then(() => done(), done);
  else done();
}

/**
 * A heavy request (e.g. a PDF export, by size) takes `units` more from the caller's budget once
 * its size is known; 429 when they are not left. The headers then show what remains.
 */
export async function consumeExtraUnits(request: FastifyRequest, reply: FastifyReply, units: number): Promise<void> {
  if (units > 0) await consume(request, reply, units);
}
