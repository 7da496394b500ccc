import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * D8: per API key (or session user), per IP when unauthenticated; public redirect and resolver
 * routes (`config.rateLimit: 'public'`) have their own, higher per-IP budget. The auth plugin runs
 * it after resolving the caller; the 404 and bad-URL handlers call it themselves.
 */
export async function applyRateLimit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { config, rateStore, clock } = request.server.deps;
  const windowMs = config.rateLimit.windowMs;
  const p = request.principal;
  let key: string;
  let limit: number;
  if (request.routeOptions?.config?.rateLimit === 'public') {
    key = `pub:${request.ip}`;
    limit = config.rateLimit.publicPerWindow;
  } else if (p) {
    key = `${p.kind === 'api_key' ? 'key' : 'usr'}:${p.actorId}`;
    limit = config.plans[p.plan]?.requestsPerMinute ?? config.plans.free.requestsPerMinute;
  } else {
    key = `ip:${request.ip}`;
    limit = config.rateLimit.anonymousPerWindow;
  }
  if (limit === 0) return; // 0 disables the limit (e.g. a benchmark from one address)
  const now = clock.now().getTime();
  const { count, resetAt } = await rateStore.hit(key, windowMs, now);
  reply.header('x-ratelimit-limit', limit);
  reply.header('x-ratelimit-remaining', Math.max(0, limit - count));
  reply.header('x-ratelimit-reset', Math.ceil(resetAt / 1000));
  if (count > limit) {
    const retry = Math.max(1, Math.ceil((resetAt - now) / 1000));
    throw new AppError('rate-limited', `Rate limit of ${limit} requests per ${windowMs / 1000} s exceeded. Retry in ${retry} s.`, {}, { 'retry-after': String(retry) });
  }
}
