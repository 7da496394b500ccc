import type { PlanName, Plan } from './plans.js';

// The typed configuration every layer reads; src/config.ts (the process entry) loads it from the
// environment once.
export interface Deprecation {
  method: string;
  path: string;
  sunset: string;
  link?: string;
}

export interface Config {
  env: string;
  port: number;
  host: string;
  baseUrl: string;
  docsUrl: string;
  databaseUrl: string;
  /** PostgreSQL connections per instance (PG_POOL_MAX) */
  pgPoolMax: number;
  redisUrl: string | null;
  /** every Redis command fails after this long, and the caller falls back to in-process state */
  redisTimeoutMs: number;
  apiKeyPrefix: string;
  logLevel: string;
  version: string;
  bodyLimit: number;
  plans: Record<PlanName, Plan>;
  rateLimit: { windowMs: number; anonymousPerWindow: number; publicPerWindow: number };
  deprecations: Deprecation[];
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses/CIDRs; never `true`. */
  trustProxy: false | number | string[];
  countryHeader: string | null;
  scanFlushMs: number;
  passwordCost: number;
  /** PDF export worker threads (EXPORT_WORKERS) and concurrent exports per workspace. */
  exports: { workers: number; perWorkspace: number };
  /** Built dashboard (web/dist) to serve at /; WEB_DIST overrides, null = the default path. */
  webDist: string | null;
  /**
   * raw-scan retention job: run interval (0 = off), rows per delete statement, and whether it keeps
   * PostgreSQL's monthly scan partitions (false when pg_partman or the operator does)
   */
  retention: { intervalMs: number; batchSize: number | null; managePartitions: boolean };
}
