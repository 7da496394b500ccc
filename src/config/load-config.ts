import 'dotenv/config';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { isIP } from 'node:net';
import type { BillingConfig, Config } from '../platform/config.js';
import { DEFAULT_PLANS, PLAN_NAMES, type Plan, type PlanName } from '../platform/plans.js';
import { parseDeprecationsJson, parsePlansJson } from './json-variables.js';
import { storageConfig } from './storage.js';
import { geoipConfig } from './geoip.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

/** A count that must be at least 1: 0 would refuse every request of its kind without saying why. */
function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const n = int(env, name, fallback);
  if (n < 1) throw new Error(`${name} must be at least 1, got "${env[name]}"`);
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

/** OPERATOR_EMAILS: compared as sign-in compares addresses (trimmed, lower-cased); a value that is no address stops the start. */
function operatorEmails(value: string | undefined): string[] {
  const list = (value ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const bad = list.filter((e) => !/^[^@\s]+@[^@\s]+$/.test(e));
  if (bad.length) throw new Error(`OPERATOR_EMAILS has entries that are no e-mail address: ${bad.join(', ')}`);
  return list;
}

/**
 * DEFAULT_PLAN: without a payment provider nobody can buy a larger plan, so sign-ups start on the
 * unlimited one; with billing they start on Free (docs/decisions.md D62, amending D16).
 */
function defaultPlan(env: NodeJS.ProcessEnv, billingOn: boolean): PlanName {
  const value = (env.DEFAULT_PLAN || (billingOn ? 'free' : 'enterprise')) as PlanName;
  if (!PLAN_NAMES.includes(value))
    throw new Error(`DEFAULT_PLAN must be one of ${PLAN_NAMES.join(', ')}, got "${env.DEFAULT_PLAN}"`);
  return value;
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

/** IMAGE_TASK_MEMORY_MB: an image worker loads jsdom (about 40 MB) before it checks anything. */
function imageMemoryMb(env: NodeJS.ProcessEnv): number {
  const n = int(env, 'IMAGE_TASK_MEMORY_MB', 256);
  if (n < 64) throw new Error(`IMAGE_TASK_MEMORY_MB must be at least 64, got "${env.IMAGE_TASK_MEMORY_MB}"`);
  return n;
}

/** The server's slow-client limits; Node refuses a headers timeout longer than the request timeout. */
function httpTimeouts(env: NodeJS.ProcessEnv): Config['http'] {
  const out = {
    headersTimeoutMs: int(env, 'HTTP_HEADERS_TIMEOUT_MS', 10_000),
    requestTimeoutMs: int(env, 'HTTP_REQUEST_TIMEOUT_MS', 30_000),
    keepAliveTimeoutMs: int(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 5_000),
  };
  if (out.headersTimeoutMs < 1 || out.requestTimeoutMs < 1)
    throw new Error('HTTP_HEADERS_TIMEOUT_MS and HTTP_REQUEST_TIMEOUT_MS must be at least 1');
  if (out.headersTimeoutMs > out.requestTimeoutMs)
    throw new Error(
      `HTTP_HEADERS_TIMEOUT_MS (${out.headersTimeoutMs}) must not exceed HTTP_REQUEST_TIMEOUT_MS (${out.requestTimeoutMs})`,
    );
  return out;
}

/** SMTP_URL must name an SMTP server; anything else is a typo that would lose mail silently. */
function smtpUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('SMTP_URL must be a URL such as smtps://user:pass@mail.example.com:465');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, got ${url.protocol}//`);
  return raw;
}

function processRole(env: NodeJS.ProcessEnv): Config['role'] {
  const value = env.ROLE || 'all';
  if (value !== 'all' && value !== 'web' && value !== 'worker')
    throw new Error(`ROLE must be all, web or worker, got "${value}"`);
  return value;
}

function emailVerification(env: NodeJS.ProcessEnv): Config['emailVerification'] {
  const value = env.EMAIL_VERIFICATION || (env.SMTP_URL ? 'required' : 'off');
  if (value !== 'required' && value !== 'off')
    throw new Error(`EMAIL_VERIFICATION must be required or off, got "${value}"`);
  return value;
}

/**
 * SECRETS_KEY (32 bytes as 64 hex digits or base64). Without it a key is made once and kept in
 * SECRETS_KEY_FILE, so a single instance works on first run; several instances must share one key.
 */
function secretsKey(env: NodeJS.ProcessEnv): Buffer {
  const raw = env.SECRETS_KEY?.trim();
  if (raw) {
    const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
    if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes: 64 hex digits or 44 base64 characters');
    return key;
  }
  const file = env.SECRETS_KEY_FILE || 'data/secret.key';
  try {
    return secretsKey({ SECRETS_KEY: readFileSync(file, 'utf8') });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const key = randomBytes(32);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, key.toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
  return key;
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const value = env[name] || 'false';
  if (value !== 'true' && value !== 'false') throw new Error(`${name} must be true or false, got "${value}"`);
  return value === 'true';
}

function scanPartitions(env: NodeJS.ProcessEnv): 'auto' | 'external' {
  const value = env.SCAN_PARTITIONS || 'auto';
  if (value !== 'auto' && value !== 'external')
    throw new Error(`SCAN_PARTITIONS must be auto or external, got "${value}"`);
  return value;
}

/**
 * SCAN_JOURNAL_DIR: where the scan sink's write-ahead journal lives; `off` disables it. Default:
 * next to a SQLite file, else ./data/scan-journal; an in-memory SQLite database has none.
 */
function scanJournalDir(env: NodeJS.ProcessEnv, databaseUrl: string): string | null {
  const raw = env.SCAN_JOURNAL_DIR;
  if (raw === 'off') return null;
  if (raw) return raw;
  if (databaseUrl.startsWith('sqlite:')) {
    const file = databaseUrl.slice('sqlite:'.length);
    return file === ':memory:' || file === '' ? null : `${file}.scan-journal`;
  }
  return './data/scan-journal';
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

/** STRIPE_* and BILLING_* (docs/billing.md): everything optional, a key turns billing on. */
function billing(env: NodeJS.ProcessEnv): BillingConfig {
  const prices: BillingConfig['prices'] = {};
  for (const name of PLAN_NAMES) {
    const price = env[`STRIPE_PRICE_${name.toUpperCase()}`]?.trim();
    if (!price) continue;
    if (name === 'free')
      throw new Error(
        'STRIPE_PRICE_FREE makes no sense: the Free plan is what an organization has without a subscription',
      );
    if (!/^price_[A-Za-z0-9_]+$/.test(price))
      throw new Error(`STRIPE_PRICE_${name.toUpperCase()} must be a Stripe price id (price_…), got "${price}"`);
    prices[name] = price;
  }
  const secretKey = env.STRIPE_SECRET_KEY?.trim() || null;
  if (secretKey && !/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/.test(secretKey))
    throw new Error('STRIPE_SECRET_KEY must be a Stripe secret or restricted key (sk_live_…, sk_test_…, rk_…)');
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() || null;
  if (webhookSecret && !webhookSecret.startsWith('whsec_'))
    throw new Error('STRIPE_WEBHOOK_SECRET must be the signing secret of the webhook endpoint (whsec_…)');
  let apiUrl: URL | null = null;
  if (env.STRIPE_API_URL) {
    try {
      apiUrl = new URL(env.STRIPE_API_URL);
    } catch {
      apiUrl = null;
    }
    if (!apiUrl || (apiUrl.protocol !== 'http:' && apiUrl.protocol !== 'https:'))
      throw new Error(`STRIPE_API_URL must be an http(s) URL, got "${env.STRIPE_API_URL}"`);
  }
  return {
    secretKey,
    webhookSecret,
    prices,
    graceDays: int(env, 'BILLING_GRACE_DAYS', 7),
    graceIntervalMs: int(env, 'BILLING_GRACE_INTERVAL_MS', 3_600_000),
    apiUrl,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = int(env, 'PORT', 3000);
  const baseUrl = (env.BASE_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  const databaseUrl = env.DATABASE_URL || 'sqlite:./data/qrs.sqlite';
  const config: Config = {
    env: env.NODE_ENV || 'production',
    port,
    host: env.HOST || '127.0.0.1',
    baseUrl,
    docsUrl: (env.DOCS_URL || `${baseUrl}/docs`).replace(/\/+$/, ''),
    databaseUrl,
    pgPoolMax: poolMax(env),
    webDist: env.WEB_DIST || null,
    redisUrl: env.REDIS_URL || null,
    redisTimeoutMs: int(env, 'REDIS_TIMEOUT_MS', 100),
    apiKeyPrefix: env.API_KEY_PREFIX || 'qrs',
    logLevel: env.LOG_LEVEL || 'info',
    version: pkg.version,
    bodyLimit: int(env, 'BODY_LIMIT_BYTES', 1024 * 1024),
    http: httpTimeouts(env),
    mail: {
      smtpUrl: smtpUrl(env.SMTP_URL),
      from: env.MAIL_FROM || `qrs <no-reply@${new URL(baseUrl).hostname}>`,
      outboxDir: env.MAIL_OUTBOX_DIR || 'data/mail',
    },
    emailVerification: emailVerification(env),
    invitationsPerDay: positive(env, 'INVITATIONS_PER_DAY', 50),
    secretsKey: secretsKey(env),
    plans: plans(env),
    defaultPlan: defaultPlan(env, Boolean(env.STRIPE_SECRET_KEY?.trim())),
    operatorEmails: operatorEmails(env.OPERATOR_EMAILS),
    rateLimit: {
      windowMs: int(env, 'RATE_LIMIT_WINDOW_MS', 60_000),
      anonymousPerWindow: int(env, 'RATE_LIMIT_ANONYMOUS', 60),
      publicPerWindow: int(env, 'RATE_LIMIT_PUBLIC', 6_000),
      sessionPerWindow: int(env, 'RATE_LIMIT_SESSION', 600),
    },
    deprecations: env.DEPRECATIONS_JSON ? parseDeprecationsJson(env.DEPRECATIONS_JSON) : [],
    trustProxy: trustProxy(env.TRUST_PROXY),
    countryHeader: env.COUNTRY_HEADER ? env.COUNTRY_HEADER.toLowerCase() : null,
    geoip: geoipConfig(env),
    scanFlushMs: int(env, 'SCAN_FLUSH_MS', 1_000),
    scanJournal: {
      dir: scanJournalDir(env, databaseUrl),
      syncMs: Math.max(10, int(env, 'SCAN_JOURNAL_SYNC_MS', 1_000)),
    },
    scanBacklogDegraded: int(env, 'SCAN_BACKLOG_DEGRADED', 100_000),
    logRedirects: env.LOG_REDIRECTS === 'true',
    passwordCost: int(env, 'PASSWORD_SCRYPT_COST', 16_384),
    codePasswordTries: Math.max(1, int(env, 'CODE_PASSWORD_TRIES', 10)),
    codePasswordFailures: Math.max(1, int(env, 'CODE_PASSWORD_FAILURES', 30)),
    exports: {
      workers: Math.max(1, int(env, 'EXPORT_WORKERS', 1)),
      perWorkspace: Math.max(1, int(env, 'EXPORT_CONCURRENCY_PER_WORKSPACE', 2)),
    },
    images: {
      threads: Math.max(1, int(env, 'IMAGE_WORKERS', 1)),
      timeoutMs: Math.max(1, int(env, 'IMAGE_TASK_TIMEOUT_MS', 10_000)),
      memoryMb: imageMemoryMb(env),
    },
    retention: {
      intervalMs: int(env, 'RETENTION_INTERVAL_MS', 3_600_000),
      batchSize: env.RETENTION_BATCH_SIZE ? Math.max(1, int(env, 'RETENTION_BATCH_SIZE', 1)) : null,
      managePartitions: scanPartitions(env) === 'auto',
    },
    webhookAllowPrivate: flag(env, 'WEBHOOK_ALLOW_PRIVATE'),
    ga4Endpoint: ga4Endpoint(env),
    ssoAllowInsecureIssuers: flag(env, 'SSO_ALLOW_INSECURE_ISSUERS'),
    jobs: {
      pollIntervalMs: int(env, 'JOBS_POLL_INTERVAL_MS', 1_000),
      concurrency: Math.max(1, int(env, 'JOBS_CONCURRENCY', 10)),
      leaseMs: Math.max(1_000, int(env, 'JOBS_LEASE_MS', 300_000)),
      shutdownGraceMs: int(env, 'JOBS_SHUTDOWN_GRACE_MS', 15_000),
    },
    role: processRole(env),
    billing: billing(env),
    privacyExports: {
      dir: env.PRIVACY_EXPORT_DIR || './data/privacy-exports',
      sweepMs: int(env, 'PRIVACY_EXPORT_SWEEP_MS', 60_000),
    },
    storage: storageConfig(env),
  };
  return { ...config, ...overrides };
}

const GA4_HOSTS = new Set(['www.google-analytics.com', 'region1.google-analytics.com']);
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * GA4_ENDPOINT: Google's Measurement Protocol origin, or a loopback one for a stand-in
 * (docs/decisions.md D81). Nothing else: every forwarding workspace's scans and API secret go there.
 */
function ga4Endpoint(env: NodeJS.ProcessEnv): string {
  const raw = env.GA4_ENDPOINT?.trim();
  if (!raw) return 'https://www.google-analytics.com';
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  const ok =
    url !== null &&
    url.pathname === '/' &&
    ((url.protocol === 'https:' && GA4_HOSTS.has(url.hostname)) ||
      ((url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.has(url.hostname)));
  if (!ok)
    throw new Error(`GA4_ENDPOINT must be https://www.google-analytics.com or a loopback http(s) origin, got "${raw}"`);
  return url!.origin;
}
