import { describe, before, after } from 'node:test';
import type { PlanName } from '../../src/platform/plans.js';
import { sha256Hex, randomBase62 } from '../../src/lib/tokens.js';
import { newId } from '../../src/lib/ids.js';
import {
  createHarness,
  dialects,
  seedTenant,
  type Dialect,
  type Harness,
  type Member,
  type Tenant,
} from './harness.js';

type HarnessOptions = NonNullable<Parameters<typeof createHarness>[2]>;

export interface SuiteOptions extends HarnessOptions {
  /** environment the app's config is read from, on top of the test defaults */
  env?: Record<string, string>;
  /** the plan of the seeded tenant; `false` seeds none (a test that counts every organization) */
  tenant?: PlanName | false;
}

export interface Suite {
  /** the app and its database, fresh for this describe block */
  h: Harness;
  /** an organization with its owner, default workspace and an API key (`t.auth`) */
  t: Tenant;
  /** a dashboard session (cookie + CSRF) of the tenant's owner */
  session: Member;
}

/**
 * Runs `body` once per configured database (SQLite always, PostgreSQL when TEST_DATABASE_URL is
 * set), inside a describe block titled `<title> [<dialect>]` (its `label`, if it has one). This is the one way a test says
 * "on every database"; `useHarness` gives the block its app.
 */
export function forEachDialect(
  title: string,
  body: (dialect: Dialect) => void,
  options: {
    timeout?: number;
    concurrency?: number | boolean;
    skip?: boolean | string;
    /** databases besides the configured ones (a SQLite file, where :memory: hides a behaviour) */
    also?: Dialect[];
    /** a SQLite database in place of the in-memory one (a file, where the cost of reading it is the subject) */
    sqlite?: Dialect;
    /** only this database, when it is configured (several instances sharing one PostgreSQL queue) */
    only?: Dialect['name'];
  } = {},
): void {
  const { also = [], sqlite: sqliteInstead, only, ...describeOptions } = options;
  const configured = dialects().map((d) => (d.name === 'sqlite' && sqliteInstead ? sqliteInstead : d));
  for (const dialect of [...configured, ...also]) {
    if (only && dialect.name !== only) continue;
    describe(`${title} [${dialect.label ?? dialect.name}]`, describeOptions, () => body(dialect));
  }
}

/**
 * The in-memory SQLite database, for a suite whose subject is not storage (the OpenAPI document,
 * the SDK, the dashboard in a browser): `useHarness(sqlite)` inside a plain describe.
 */
export const sqlite: Dialect = dialects()[0]!;

/**
 * Registers a before hook that builds a fresh app on `dialect` (and, unless `tenant: false`, seeds
 * a tenant with a key and a session), and an after hook that closes it. `options` may be a function
 * when it needs what an earlier hook made (an SMTP server's port, say).
 *
 * The returned values exist only once the hook has run, that is inside tests and later hooks: each
 * is a stand-in that forwards to the real object and says so loudly when touched too early.
 */
export function useHarness(dialect: Dialect, options: SuiteOptions | (() => SuiteOptions) = {}): Suite {
  const h = lateBound<Harness>('h');
  const t = lateBound<Tenant>('t');
  const session = lateBound<Member>('session');
  before(async () => {
    const { env, tenant = 'free', ...harnessOptions } = typeof options === 'function' ? options() : options;
    const built = await createHarness(dialect, env, harnessOptions);
    h.bind(built);
    if (tenant === false) return;
    const seeded = await seedTenant(built, tenant);
    t.bind(seeded);
    session.bind(await sessionOf(built, seeded));
  });
  after(async () => {
    if (h.bound) await h.value.close();
  });
  return { h: h.proxy, t: t.proxy, session: session.proxy };
}

/** A dashboard session for the tenant's own owner, written straight into the sessions table. */
export async function sessionOf(h: Harness, t: Tenant): Promise<Member> {
  const token = randomBase62(43);
  const csrf = randomBase62(32);
  const now = new Date();
  await h.db
    .insertInto('sessions')
    .values({
      id: newId('ses'),
      user_id: t.userId,
      token_hash: sha256Hex(token),
      csrf_token: csrf,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
    })
    .execute();
  return {
    userId: t.userId,
    email: t.email,
    password: t.password,
    headers: { cookie: `qrs_session=${token}`, 'x-csrf-token': csrf },
  };
}

function lateBound<T extends object>(name: string) {
  let value: T | undefined;
  const get = (): T => {
    if (value === undefined) throw new Error(`\`${name}\` is used before useHarness's before() hook has run`);
    return value;
  };
  const proxy = new Proxy({} as T, {
    get: (_, key) => {
      const target = get() as Record<PropertyKey, unknown>;
      const v = target[key];
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
    set: (_, key, v) => Reflect.set(get(), key, v),
    has: (_, key) => key in get(),
    ownKeys: () => Reflect.ownKeys(get()),
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(get(), key);
      return d && { ...d, configurable: true };
    },
  });
  return {
    proxy,
    get bound() {
      return value !== undefined;
    },
    get value() {
      return get();
    },
    bind(v: T) {
      value = v;
    },
  };
}
