import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * A Redis client that never makes a request wait long: every command fails after `timeoutMs`
 * (commandTimeout), and fails at once while disconnected (no offline queue, which would hold
 * commands until Redis returns). It reconnects by itself, backing off up to 2 s.
 */
export function openRedis(url: string, timeoutMs: number): Redis {
  return new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    commandTimeout: timeoutMs,
    connectTimeout: Math.max(1_000, timeoutMs),
    maxRetriesPerRequest: 0,
    retryStrategy: (times) => Math.min(times * 100, 2_000),
  });
}

/** Connects at start-up, waiting at most `waitMs`: a Redis that is down does not stop the service. */
export async function connectRedis(redis: Redis, waitMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    redis.connect().catch(() => undefined),
    new Promise((resolve) => {
      timer = setTimeout(resolve, waitMs);
    }),
  ]);
  clearTimeout(timer);
}

/**
 * Whether Redis is usable, shared by its users (the rate limiter, health). After a failure the
 * users stop calling Redis (falling back to in-process state) and a probe pings it every
 * `probeMs` until it answers again; so an outage is logged once, costs requests no waiting, and
 * ends by itself.
 */
export class RedisCircuit {
  private degraded = false;
  private closed = false;
  private probe: NodeJS.Timeout | null = null;

  constructor(
    readonly redis: Redis,
    private log: FastifyBaseLogger,
    private probeMs = 1_000,
  ) {
    // ioredis reports every failed reconnect as 'error'; the circuit already said Redis is down.
    redis.on('error', (err: Error) => this.fail(err));
    redis.on('close', () => this.fail(new Error('Redis connection closed')));
  }

  /** Callers may use Redis now. */
  get available(): boolean {
    return !this.degraded && this.redis.status === 'ready';
  }

  /** For health: "up", or "degraded" while callers use their in-process fallback. */
  get state(): 'up' | 'degraded' {
    return this.available ? 'up' : 'degraded';
  }

  /** A call failed or timed out: fall back until a probe succeeds. */
  fail(err: unknown): void {
    if (this.degraded || this.closed) return;
    this.degraded = true;
    this.log.warn(
      { err },
      'redis unavailable: rate limits and cache invalidation fall back to this instance until it returns',
    );
    this.probe = setInterval(() => void this.check(), this.probeMs);
    this.probe.unref();
  }

  private async check(): Promise<void> {
    if (this.redis.status !== 'ready') return;
    try {
      await this.redis.ping();
    } catch {
      return;
    }
    if (!this.degraded) return;
    this.degraded = false;
    if (this.probe) clearInterval(this.probe);
    this.probe = null;
    this.log.info('redis is back: rate limits and cache invalidation are shared again');
  }

  close(): void {
    this.closed = true;
    if (this.probe) clearInterval(this.probe);
    this.probe = null;
  }
}
