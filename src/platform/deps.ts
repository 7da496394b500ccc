import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { DB } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import type { RedisCircuit } from '../db/redis.js';
import type { InvalidationBus } from '../db/invalidation.js';
import type { DnsResolver, HostResolver } from './dns/resolvers.js';
import type { ActorDirectory } from './actors.js';
import type { GeoLocator } from './geo/locator.js';

export interface WindowHit {
  count: number;
  /** epoch ms at which this window ends */
  resetAt: number;
}

/** Fixed-window counters. In-process by default; Redis shares them across instances (docs/decisions.md D8). */
export interface RateLimitStore {
  /**
   * Adds `units` (default 1; a heavy request costs more) to the key's current window. An in-process
   * store answers at once, without a promise: the limiter runs on every redirect.
   */
  hit(key: string, windowMs: number, now: number, units?: number): WindowHit | Promise<WindowHit>;
}

/**
 * Remembers when API keys were used and writes it in batches (features/api-keys/last-used.ts);
 * the auth hook touches it, tests flush it.
 */
export interface LastUsedRecorder {
  touch(keyId: string, at: Date): void;
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Infrastructure handed to every feature plugin; services take what they need from it. */
export interface Deps {
  config: Config;
  db: DB;
  clock: Clock;
  redis: Redis | null;
  /** whether Redis answers now (null without REDIS_URL); users fall back while it does not */
  redisCircuit: RedisCircuit | null;
  rateStore: RateLimitStore;
  lastUsed: LastUsedRecorder;
  /** TXT lookups for custom-domain verification */
  dnsResolver: DnsResolver;
  /** address lookups for outgoing webhook connections (checked before they are dialled) */
  hostResolver: HostResolver;
  /** changed short codes and custom domains, to every instance's redirect caches */
  invalidation: InvalidationBus;
  /** names and addresses of the users and keys that acted, for audit entries and comments */
  actors: ActorDirectory;
  /** the place of a scan's address, from MMDB files in memory (docs/decisions.md D79) */
  geo: GeoLocator;
}

/**
 * The one dependency type of the services: every service function takes `deps: ServiceDeps` first.
 * Routes hand it `app.deps`; the CLI, the worker, tests and benchmarks hand `{ db, clock, config }`.
 *
 * A service that needs more names it at the use site, never in a per-feature alias (`type Ctx =`,
 * `FooDeps = Pick<Deps, …>`; test/structure/conventions.test.ts rejects both):
 * - another member of {@link Deps}: `ServiceDeps<'hostResolver'>`;
 * - anything else (a Stripe client, the export pool, a cache hook): an intersection,
 *   `ServiceDeps & { stripe: Stripe | null }`, built by the route as `{ ...app.deps, stripe }`.
 */
export type ServiceDeps<Extra extends keyof Deps = never> = Pick<Deps, 'db' | 'clock' | 'config' | Extra>;
