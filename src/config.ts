import 'dotenv/config';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import type { Config } from './platform/config.js';
import { DEFAULT_PLANS, PLAN_NAMES, type Plan, type PlanName } from './platform/plans.js';
import { parseDeprecationsJson, parsePlansJson } from './config-json.js';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

/** PLANS_JSON overrides any plan field, e.g. {"pro":{"maxWorkspaces":1}} for variant B of docs/decisions.md D5. */
function plans(env: NodeJS.ProcessEnv): Record<PlanName, Plan> {
  const out = structuredClone(DEFAULT_PLANS);
  if (env.PLANS_JSON) {
    const over = parsePlansJson(env.PLANS_JSON);
    for (const name of PLAN_NAMES) Object.assign(out[name], over[name] ?? {});
  }
  for (const name of PLAN_NAMES) {
    const rpm = env[`RATE_LIMIT_${name.toUpperCase()}`];
    if (rpm) out[name].requestsPerMinute = int(env, `RATE_LIMIT_${name.toUpperCase()}`, out[name].requestsPerMinute);
  }
  return out;
}

/** PG_POOL_MAX: at least one connection, and not more than a PostgreSQL server usually allows. */
function poolMax(env: NodeJS.ProcessEnv): number {
  const raw = env.PG_POOL_MAX;
  if (raw === undefined || raw === '') return 10;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 1_000)
    throw new Error(`PG_POOL_MAX must be an integer from 1 to 1000, got "${raw}"`);
  return n;
}

function scanPartitions(env: NodeJS.ProcessEnv): 'auto' | 'external' {
  const value = env.SCAN_PARTITIONS || 'auto';
  if (value !== 'auto' && value !== 'external')
    throw new Error(`SCAN_PARTITIONS must be auto or external, got "${value}"`);
  return value;
}

// proxy-addr's names for whole private ranges, accepted as Fastify accepts them.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(s: string): boolean {
  if (PROXY_RANGE_NAMES.has(s)) return true;
  const [addr, bits, ...rest] = s.split('/');
  const family = isIP(addr);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY names who may set X-Forwarded-For: a hop count ("1": the nearest proxy) or a
 * comma-separated list of proxy addresses/CIDRs. "true" (anyone) is refused: a client could then
 * pick its own IP and escape every per-IP limit.
 */
export function trustProxy(raw: string | undefined): Config['trustProxy'] {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false' || value === '0') return false;
  const forms =
    "Use a hop count (TRUST_PROXY=1 for one load balancer in front) or a comma-separated list of the proxies' addresses or CIDRs (TRUST_PROXY=10.0.0.0/8,192.168.1.5; also loopback, linklocal, uniquelocal).";
  if (value === 'true') {
    throw new Error(
      `TRUST_PROXY=true would trust an X-Forwarded-For header sent by anyone, so clients could choose their own IP address. ${forms}`,
    );
  }
  if (/^\d+$/.test(value)) return Number(value);
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.filter((s) => !isAddressOrCidr(s));
  if (bad.length || list.length === 0)
    throw new Error(`TRUST_PROXY has ${bad.length ? `invalid entries: ${bad.join(', ')}` : 'no entry'}. ${forms}`);
  return list;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = int(env, 'PORT', 3000);
  const baseUrl = (env.BASE_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  const config: Config = {
    env: env.NODE_ENV || 'production',
    port,
    host: env.HOST || '127.0.0.1',
    baseUrl,
    docsUrl: (env.DOCS_URL || `${baseUrl}/docs`).replace(/\/+$/, ''),
    databaseUrl: env.DATABASE_URL || 'sqlite:./data/qrs.sqlite',
    pgPoolMax: poolMax(env),
    webDist: env.WEB_DIST || null,
    redisUrl: env.REDIS_URL || null,
    redisTimeoutMs: int(env, 'REDIS_TIMEOUT_MS', 100),
    apiKeyPrefix: env.API_KEY_PREFIX || 'qrs',
    logLevel: env.LOG_LEVEL || 'info',
    version: pkg.version,
    bodyLimit: int(env, 'BODY_LIMIT_BYTES', 1024 * 1024),
    plans: plans(env),
    rateLimit: {
      windowMs: int(env, 'RATE_LIMIT_WINDOW_MS', 60_000),
      anonymousPerWindow: int(env, 'RATE_LIMIT_ANONYMOUS', 60),
      publicPerWindow: int(env, 'RATE_LIMIT_PUBLIC', 6_000),
    },
    deprecations: env.DEPRECATIONS_JSON ? parseDeprecationsJson(env.DEPRECATIONS_JSON) : [],
    trustProxy: trustProxy(env.TRUST_PROXY),
    countryHeader: env.COUNTRY_HEADER ? env.COUNTRY_HEADER.toLowerCase() : null,
    scanFlushMs: int(env, 'SCAN_FLUSH_MS', 1_000),
    passwordCost: int(env, 'PASSWORD_SCRYPT_COST', 16_384),
    exports: {
      workers: Math.max(1, int(env, 'EXPORT_WORKERS', 1)),
      perWorkspace: Math.max(1, int(env, 'EXPORT_CONCURRENCY_PER_WORKSPACE', 2)),
    },
    retention: {
      intervalMs: int(env, 'RETENTION_INTERVAL_MS', 3_600_000),
      batchSize: env.RETENTION_BATCH_SIZE ? Math.max(1, int(env, 'RETENTION_BATCH_SIZE', 1)) : null,
      managePartitions: scanPartitions(env) === 'auto',
    },
  };
  return { ...config, ...overrides };
}
