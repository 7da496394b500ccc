import type { PlanName, Plan } from './plans.js';
import type { S3StoreOptions } from './storage/s3-blob-store.js';

// The typed configuration every layer reads; src/config/load-config.ts (the process entry) loads it from the
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
  /**
   * Node's HTTP server timeouts (HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS,
   * HTTP_KEEP_ALIVE_TIMEOUT_MS): a client that drips its headers or body is cut off.
   */
  mail: {
    /** SMTP_URL; null = the local outbox directory */
    smtpUrl: string | null;
    from: string;
    /** MAIL_OUTBOX_DIR: where messages are written as .eml files without SMTP_URL */
    outboxDir: string;
  };
  /**
   * EMAIL_VERIFICATION: whether an unproved address may accept or send invitations, create API
   * keys, upload and enrol two-factor sign-in (docs/decisions.md D56)
   */
  emailVerification: 'required' | 'off';
  /** INVITATIONS_PER_DAY: invitation mails (new or refreshed) one organization may send in 24 hours */
  invitationsPerDay: number;
  /** 32 bytes (SECRETS_KEY, else the key file) sealing TOTP secrets, webhook signing secrets and queued e-mail */
  secretsKey: Buffer;
  http: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number };
  plans: Record<PlanName, Plan>;
  /** Plan of every organization created by sign-up or the API (DEFAULT_PLAN); bootstrap's default too. */
  defaultPlan: PlanName;
  /** OPERATOR_EMAILS: users who may use /v1/operator (with two-factor sign-in on), besides `qrs operator add` (docs/decisions.md D73) */
  operatorEmails: string[];
  /**
   * Per window: unauthenticated calls per IP, public routes per IP, and a dashboard session's
   * own floor (RATE_LIMIT_SESSION): a session gets the larger of it and its plan's key budget.
   */
  rateLimit: { windowMs: number; anonymousPerWindow: number; publicPerWindow: number; sessionPerWindow: number };
  deprecations: Deprecation[];
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses/CIDRs; never `true`. */
  trustProxy: false | number | string[];
  countryHeader: string | null;
  /**
   * IP geolocation (docs/decisions.md D79): the MMDB files in memory (none: off), and how often an
   * operator's files (GEOIP_DATABASE) are checked for a change; 0 when the shipped ones are used.
   */
  geoip: { files: string[]; watchMs: number };
  scanFlushMs: number;
  /** the scan sink's write-ahead journal (null dir = none) and its fsync interval */
  scanJournal: { dir: string | null; syncMs: number };
  /** /v1/health is `degraded` while more scans than this wait to be written */
  scanBacklogDegraded: number;
  /** an access log line for every answered redirect (LOG_REDIRECTS=true); errors and slow ones are always logged */
  logRedirects: boolean;
  passwordCost: number;
  /** password tries per client address (an IPv6 one by its /64) within 15 minutes on protected codes' forms (CODE_PASSWORD_TRIES) */
  codePasswordTries: number;
  /** wrong passwords per code within 15 minutes from all addresses, then the code's form is locked (CODE_PASSWORD_FAILURES) */
  codePasswordFailures: number;
  /** PDF export worker threads (EXPORT_WORKERS) and concurrent exports per workspace. */
  exports: { workers: number; perWorkspace: number };
  /**
   * Worker threads that check uploaded logos and draw logos and frames (IMAGE_WORKERS), and each
   * task's budget: time from submission (IMAGE_TASK_TIMEOUT_MS) and V8 heap (IMAGE_TASK_MEMORY_MB).
   */
  images: { threads: number; timeoutMs: number; memoryMb: number };
  /** Built dashboard (web/dist) to serve at /; WEB_DIST overrides, null = the default path. */
  webDist: string | null;
  /**
   * raw-scan retention job: run interval (0 = off), rows per delete statement, and whether it keeps
   * PostgreSQL's monthly scan partitions (false when pg_partman or the operator does)
   */
  retention: { intervalMs: number; batchSize: number | null; managePartitions: boolean };
  /**
   * the job queue's runner (docs/decisions.md D12): poll interval (0 = only when asked), jobs run at
   * once per instance, how long a claim holds, how long shutdown waits for running jobs
   */
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may reach loopback and private addresses (tests, private networks) */
  webhookAllowPrivate: boolean;
  /** GA4_ENDPOINT: the Measurement Protocol's origin (Google's, or a loopback stand-in for tests; docs/decisions.md D81) */
  ga4Endpoint: string;
  /**
   * SSO_ALLOW_INSECURE_ISSUERS: single sign-on may use an http issuer on loopback or a private
   * address (a local identity provider, the tests); off, an issuer is https on a public address
   * (docs/decisions.md D80)
   */
  ssoAllowInsecureIssuers: boolean;
  jobs: { pollIntervalMs: number; concurrency: number; leaseMs: number; shutdownGraceMs: number };
  /**
   * ROLE (docs/decisions.md D32): `all` serves HTTP and runs background jobs; `web` serves HTTP and
   * never claims a job; `worker` runs jobs and does not listen.
   */
  role: ProcessRole;
  /** Stripe billing (docs/billing.md); off while secretKey is null */
  billing: BillingConfig;
  /** data-protection exports (docs/privacy.md): where the ZIP files are kept, and the sweep interval */
  privacyExports: { dir: string; sweepMs: number };
  /**
   * uploaded files (docs/codes.md, "Storage"): which store keeps them, the local-disk store's
   * directory, the largest file, and the S3-compatible store's bucket when the driver is s3
   */
  storage: { driver: 'disk' | 's3'; dir: string; maxFileBytes: number; s3: S3StoreOptions | null };
}

export type ProcessRole = 'all' | 'web' | 'worker';

export interface BillingConfig {
  /** STRIPE_SECRET_KEY; null switches billing off */
  secretKey: string | null;
  /** STRIPE_WEBHOOK_SECRET (whsec_…); null refuses every webhook */
  webhookSecret: string | null;
  /** STRIPE_PRICE_<PLAN>: the Stripe price id of each paid plan that can be bought */
  prices: Partial<Record<PlanName, string>>;
  /** BILLING_GRACE_DAYS: how long a past-due organization keeps its plan */
  graceDays: number;
  /** BILLING_GRACE_INTERVAL_MS: how often the grace check runs (0 = off) */
  graceIntervalMs: number;
  /** STRIPE_API_URL: another API endpoint (stripe-mock, a test stand-in); null = Stripe's own */
  apiUrl: URL | null;
}
