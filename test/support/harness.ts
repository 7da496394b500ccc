import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/load-config.js';
import type { Config } from '../../src/platform/config.js';
import type { PlanName } from '../../src/platform/plans.js';
import { openDatabase, type DB } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { bootstrap } from '../../src/cli/commands.js';
import type { Clock } from '../../src/lib/clock.js';
import type { DnsResolver, HostResolver } from '../../src/platform/dns/resolvers.js';
import { contractEnabled, contractFor } from './contract.js';

export interface Dialect {
  name: 'sqlite' | 'postgres';
  url: string;
  /** what forEachDialect's describe titles call it, when `name` does not tell it apart (a SQLite file) */
  label?: string;
}

/** SQLite always; PostgreSQL when TEST_DATABASE_URL is set (scripts/test.mjs warns when it is not). */
export function dialects(): Dialect[] {
  const out: Dialect[] = [{ name: 'sqlite', url: 'sqlite::memory:' }];
  if (process.env.TEST_DATABASE_URL) out.push({ name: 'postgres', url: process.env.TEST_DATABASE_URL });
  return out;
}

export type TestApp = Awaited<ReturnType<typeof buildApp>>;

export interface Harness {
  app: TestApp;
  db: DB;
  config: Config;
  close(): Promise<void>;
}

// Rate limits are lifted for ordinary tests; the rate-limit suite sets its own.
const TEST_ENV = {
  NODE_ENV: 'test',
  BASE_URL: 'http://qrs.test',
  RATE_LIMIT_FREE: '1000000',
  RATE_LIMIT_PRO: '1000000',
  RATE_LIMIT_BUSINESS: '1000000',
  RATE_LIMIT_AGENCY: '1000000',
  RATE_LIMIT_ENTERPRISE: '1000000',
  RATE_LIMIT_ANONYMOUS: '1000000',
  RATE_LIMIT_PUBLIC: '1000000',
  PASSWORD_SCRYPT_COST: '1024',
  // The retention job deletes scans of every workspace with a setting; its tests run it by hand.
  RETENTION_INTERVAL_MS: '0',
  // Many harnesses share one test database; a test that wants the scan journal names its own directory.
  SCAN_JOURNAL_DIR: 'off',
  // The shipped city database is 134 MB in memory; the geolocation tests name a small one.
  GEOIP_DATABASE: 'off',
};

export async function createHarness(
  dialect: Dialect,
  env: Record<string, string> = {},
  opts: {
    clock?: Clock;
    config?: Partial<Config>;
    routes?: (app: TestApp) => void;
    logger?: unknown;
    dnsResolver?: DnsResolver;
    hostResolver?: HostResolver;
    /**
     * PostgreSQL only: harnesses given the same scope share one job queue (several instances of
     * one deployment); by default each harness has its own (see jobQueueOf).
     */
    jobsScope?: string;
  } = {},
): Promise<Harness> {
  let config = loadConfig({ ...TEST_ENV, DATABASE_URL: dialect.url, ...env } as NodeJS.ProcessEnv, {
    logLevel: 'silent',
    ...opts.config,
  });
  let db = openDatabase(config.databaseUrl, { poolMax: config.pgPoolMax });
  await migrateBesideOthers(db);
  let ownSchema: string | null = null;
  // Only the suite's shared database needs it; a test that names its own connection (the chaos
  // tests, which terminate backends by application name) keeps the plain one.
  if (dialect.name === 'postgres' && dialect.url === process.env.TEST_DATABASE_URL) {
    const queue = await ownTablesSchema(db, config.databaseUrl, opts.jobsScope ?? randomSlug('h'));
    if (!opts.jobsScope) ownSchema = queue.schema;
    await db.destroy();
    config = { ...config, databaseUrl: queue.url };
    db = openDatabase(config.databaseUrl, { poolMax: config.pgPoolMax });
  }
  const app = await buildApp(config, {
    db,
    clock: opts.clock,
    logger: (opts.logger ?? false) as never,
    dnsResolver: opts.dnsResolver,
    hostResolver: opts.hostResolver,
  });
  opts.routes?.(app);
  await app.ready();
  if (contractEnabled()) await checkResponsesAgainstDocument(app);
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      if (ownSchema) await sql`drop schema if exists ${sql.id(ownSchema)} cascade`.execute(db).catch(() => undefined);
      await db.destroy();
    },
  };
}

/**
 * Kysely's migrator first lists every table of every schema, and the catalog functions it calls fail
 * with 'schema "jobs_h_…" does not exist' when another file's harness drops its private schema
 * (below) between the listing and the call. Only tests drop schemas under a running migrator, so
 * the harness, not the app, tries again.
 */
async function migrateBesideOthers(db: DB): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrateToLatest(db);
    } catch (err) {
      if (attempt >= 5 || !/schema "jobs_[a-z0-9_]+" does not exist/.test(String(err))) throw err;
    }
  }
}

/**
 * Test files run side by side on one PostgreSQL database, and every app's job runner polls the
 * `jobs` table: without this, one file's app would run another's mail or webhook job with its own
 * settings, and the job would never reach the test that waits for it. Likewise every sign-in
 * prunes expired `login_throttle` rows by its own clock, and the mail tests' clock runs ten years
 * ahead, so their log-ins wiped the counters another file's throttle test had just built. And every
 * app's first scan write of a day deletes the visitor sets of days before its yesterday, by its own
 * clock: another file's app, on the real clock, wiped the March visitor sets of the property test,
 * whose clock is in March, and its next scans counted as new visitors.
 * Each harness gets a schema holding its own copy of these tables, first on its search_path, so the
 * app's unqualified names are those while every other table stays shared.
 */
// The operator's run-time limits (docs/decisions.md D76) are one row for the whole instance: a file that
// lowers a quota must not lower it for the files beside it.
const PRIVATE_TABLES = ['jobs', 'login_throttle', 'scan_visitors', 'instance_settings'] as const;

async function ownTablesSchema(db: DB, url: string, scope: string): Promise<{ url: string; schema: string }> {
  const schema = `jobs_${scope.replace(/[^a-z0-9]/gi, '_').toLowerCase()}`;
  await sql`create schema if not exists ${sql.id(schema)}`.execute(db).catch(() => undefined);
  for (const table of PRIVATE_TABLES) {
    await sql`create table if not exists ${sql.id(schema, table)} (like ${sql.id('public', table)} including all)`
      .execute(db)
      .catch(async (err: unknown) => {
        // two harnesses of one scope may race to create it; the loser finds it there
        const found = await sql`select to_regclass(${`${schema}.${table}`}) as t`.execute(db);
        if (!(found.rows[0] as { t: unknown }).t) throw err;
      });
  }
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema},public`);
  return { url: u.toString(), schema };
}

/**
 * Wraps app.inject so every response the test receives is validated against the app's OpenAPI
 * document; a violation rejects the inject call, which fails the test that caused it.
 */
async function checkResponsesAgainstDocument(app: TestApp): Promise<void> {
  const contract = await contractFor(app as never);
  const inject = app.inject.bind(app) as (opts: unknown) => Promise<LightMyRequestResponse>;
  (app as { inject: unknown }).inject = (opts?: unknown) => {
    if (opts === undefined || typeof opts === 'function') return (inject as (o?: unknown) => unknown)(opts);
    const o = (typeof opts === 'string' ? { url: opts } : opts) as {
      method?: string;
      url?: string;
      path?: string;
      query?: unknown;
    };
    return inject(opts).then((res) => {
      const url = typeof o.url === 'string' ? o.url : String(o.path ?? '/');
      const problems = contract.check(o.method ?? 'GET', url, res);
      if (problems.length) throw new Error(`OpenAPI contract violation:\n  ${problems.join('\n  ')}`);
      return res;
    });
  };
}

export function randomSlug(prefix = 't'): string {
  return `${prefix}-${randomBytes(6).toString('hex')}`;
}

export interface Tenant {
  userId: string;
  email: string;
  password: string;
  organizationId: string;
  workspaceId: string;
  apiKey: string;
  /** headers for an API key request */
  auth: { authorization: string };
}

/** A fresh organization with its org_admin user, default workspace and one API key (random slugs). */
export async function seedTenant(h: Harness, plan: PlanName = 'free'): Promise<Tenant> {
  const email = `${randomSlug('u')}@example.com`;
  const password = 'correct horse battery';
  const out = await bootstrap(h.db, h.config, {
    email,
    password,
    orgName: 'Test Org',
    orgSlug: randomSlug('org'),
    plan,
  });
  return {
    userId: out.user_id,
    email,
    password,
    organizationId: out.organization_id,
    workspaceId: out.workspace_id,
    apiKey: out.api_key,
    auth: { authorization: `Bearer ${out.api_key}` },
  };
}

export interface Call {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'HEAD' | 'OPTIONS';
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  tenant?: Tenant;
  /** the client address the app sees (inject's remoteAddress); login throttles and rate limits count by it */
  remoteAddress?: string;
}

/**
 * app.inject with JSON body and the tenant's key; `json` is the parsed body (or undefined).
 * Takes anything with an `app`, so a second app instance (two instances sharing a store) goes through it too.
 */
export async function call(h: Pick<Harness, 'app'>, c: Call): Promise<LightMyRequestResponse & { json: any }> {
  const res = await h.app.inject({
    method: c.method ?? 'GET',
    url: c.url,
    ...(c.remoteAddress !== undefined ? { remoteAddress: c.remoteAddress } : {}),
    headers: {
      ...(c.tenant ? c.tenant.auth : {}),
      ...(c.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...c.headers,
    },
    payload: c.body === undefined ? undefined : typeof c.body === 'string' ? c.body : JSON.stringify(c.body),
  });
  let json: any;
  try {
    json = res.json();
  } catch {
    json = undefined;
  }
  return Object.assign(res, { json });
}

/** Asserts an RFC 7807 document of the given status and type; returns the body. */
export function expectProblem(res: LightMyRequestResponse & { json: any }, status: number, type: string) {
  if (
    res.statusCode !== status ||
    !String(res.headers['content-type']).startsWith('application/problem+json') ||
    !String(res.json?.type).endsWith(`/errors/${type}`)
  ) {
    throw new Error(
      `expected ${status} ${type} problem, got ${res.statusCode} ${res.headers['content-type']}: ${res.body.slice(0, 500)}`,
    );
  }
  if (res.json.request_id !== res.headers['x-request-id'])
    throw new Error('problem request_id differs from X-Request-Id');
  // docs/decisions.md D8: the rate-limit headers are on every response, errors included.
  for (const h of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
    if (res.headers[h] === undefined) throw new Error(`${status} ${type} problem lacks ${h}`);
  }
  return res.json;
}

export interface Member {
  userId: string;
  email: string;
  password: string;
  /** cookie and CSRF headers of a live dashboard session in the tenant's default workspace */
  headers: { cookie: string; 'x-csrf-token': string };
}

/**
 * A user of the tenant's organization with the given roles and a session, seeded straight into
 * the real tables (the login route is tested on its own).
 */
export async function seedMember(
  h: Harness,
  tenant: Tenant,
  roles: {
    org?: 'org_admin' | 'member';
    workspace?: 'ws_admin' | 'editor' | 'approver' | 'viewer';
    workspaceId?: string;
  },
): Promise<Member> {
  const { createUser } = await import('../../src/features/accounts/users.service.js');
  const { sha256Hex, randomBase62 } = await import('../../src/lib/tokens.js');
  const { newId } = await import('../../src/lib/ids.js');
  const now = new Date();
  const email = `${randomSlug('m')}@example.com`;
  const password = 'correct horse battery';
  const user = await createUser(h.db, { email, password }, now, h.config.passwordCost);
  await h.db
    .insertInto('memberships')
    .values({
      organization_id: tenant.organizationId,
      user_id: user.id,
      role: roles.org ?? 'member',
      created_at: now.toISOString(),
    })
    .execute();
  if (roles.workspace) {
    await h.db
      .insertInto('workspace_members')
      .values({
        workspace_id: roles.workspaceId ?? tenant.workspaceId,
        user_id: user.id,
        role: roles.workspace,
        created_at: now.toISOString(),
      })
      .execute();
  }
  const token = randomBase62(43);
  const csrf = randomBase62(32);
  await h.db
    .insertInto('sessions')
    .values({
      id: newId('ses'),
      user_id: user.id,
      token_hash: sha256Hex(token),
      csrf_token: csrf,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
    })
    .execute();
  return { userId: user.id, email, password, headers: { cookie: `qrs_session=${token}`, 'x-csrf-token': csrf } };
}
