import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { DB } from './db/database.js';
import type { Clock } from './lib/clock.js';
import type { RateLimitStore } from './http/rate-limit.store.js';
import type { RedisCircuit } from './db/redis.js';
import type { LastUsedTracker } from './features/api-keys/last-used.js';
import type { DnsResolver } from './lib/dns.js';

/** Infrastructure handed to every feature plugin; services take what they need from it. */
export interface Deps {
  config: Config;
  db: DB;
  clock: Clock;
  redis: Redis | null;
  /** whether Redis answers now (null without REDIS_URL); users fall back while it does not */
  redisCircuit: RedisCircuit | null;
  rateStore: RateLimitStore;
  lastUsed: LastUsedTracker;
  /** TXT lookups for custom-domain verification */
  dnsResolver: DnsResolver;
}
