import type { Redis } from 'ioredis';
import type { RedisCircuit } from '../db/redis.js';
import type { RateLimitStore, WindowHit } from '../platform/deps.js';

export class MemoryRateLimitStore implements RateLimitStore {
  private windows = new Map<string, WindowHit>();
  private sweepAt = 0;

  hit(key: string, windowMs: number, now: number, units = 1): WindowHit {
    if (now >= this.sweepAt) this.sweep(now, windowMs);
    const resetAt = (Math.floor(now / windowMs) + 1) * windowMs;
    const current = this.windows.get(key);
    if (current && current.resetAt === resetAt) {
      current.count += units;
      return { ...current };
    }
    const fresh = { count: units, resetAt };
    this.windows.set(key, fresh);
    return { ...fresh };
  }

  private sweep(now: number, windowMs: number) {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
    this.sweepAt = now + windowMs;
  }
}

export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private redis: Redis,
    private prefix = 'qrs:rl:',
  ) {}

  async hit(key: string, windowMs: number, now: number, units = 1): Promise<WindowHit> {
    const window = Math.floor(now / windowMs);
    const resetAt = (window + 1) * windowMs;
    const k = `${this.prefix}${key}:${window}`;
    const res = await this.redis
      .multi()
      .incrby(k, units)
      .pexpire(k, windowMs + 1_000)
      .exec();
    const count = Number(res?.[0]?.[1] ?? 1);
    return { count, resetAt };
  }
}

/**
 * Redis counters while Redis answers, this instance's own counters while it does not: a Redis
 * outage never fails or stalls a request (each call is bounded by the client's command timeout,
 * and after one failure the circuit keeps requests off Redis until a probe succeeds). During the
 * outage each instance counts alone, so the effective limit is up to N times the plan's.
 */
export class FallbackRateLimitStore implements RateLimitStore {
  constructor(
    private primary: RateLimitStore,
    private fallback: RateLimitStore,
    private circuit: RedisCircuit,
  ) {}

  hit(key: string, windowMs: number, now: number, units = 1): WindowHit | Promise<WindowHit> {
    if (!this.circuit.available) return this.fallback.hit(key, windowMs, now, units);
    return this.fromPrimary(key, windowMs, now, units);
  }

  private async fromPrimary(key: string, windowMs: number, now: number, units: number): Promise<WindowHit> {
    try {
      return await this.primary.hit(key, windowMs, now, units);
    } catch (err) {
      this.circuit.fail(err);
      return this.fallback.hit(key, windowMs, now, units);
    }
  }
}
