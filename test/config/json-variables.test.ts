// PLANS_JSON, DEPRECATIONS_JSON and PG_POOL_MAX are checked when the configuration is loaded: a bad
// value stops start-up with a message that names the variable and what is wrong, and a good one
// reaches the code that uses it (plan limits, deprecation headers, the PostgreSQL pool's size).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { sql } from 'kysely';
import { loadConfig } from '../../src/config/load-config.js';
import { openDatabase } from '../../src/db/database.js';
import { call } from '../support/harness.js';
import { forEachDialect, useHarness } from '../support/suite.js';

const load = (env: Record<string, string>) => loadConfig(env as NodeJS.ProcessEnv);

describe('PLANS_JSON', () => {
  it('overrides the named limits and keeps the others', () => {
    const plans = load({
      PLANS_JSON: '{"pro":{"maxWorkspaces":1},"agency":{"maxWorkspaces":null,"maxDynamicCodes":9}}',
    }).plans;
    assert.equal(plans.pro.maxWorkspaces, 1);
    assert.equal(plans.pro.maxScansPerMonth, 25_000);
    assert.equal(plans.agency.maxWorkspaces, null);
    assert.equal(plans.agency.maxDynamicCodes, 9);
    assert.equal(plans.free.maxWorkspaces, 1);
  });

  it('takes the storage quotas, null for unlimited, and refuses a bad one', () => {
    const plans = load({ PLANS_JSON: '{"free":{"maxStorageBytes":1000,"maxFiles":null},"pro":{"maxLogos":0}}' }).plans;
    assert.equal(plans.free.maxStorageBytes, 1000);
    assert.equal(plans.free.maxFiles, null);
    assert.equal(plans.free.maxLogos, 10);
    assert.equal(plans.pro.maxLogos, 0);
    assert.throws(
      () => load({ PLANS_JSON: '{"free":{"maxStorageBytes":"1 GB"}}' }),
      /\/free\/maxStorageBytes: must be a non-negative integer, or null for unlimited, got "1 GB"/,
    );
  });

  it('refuses invalid JSON, unknown plans and fields, and limits that are not non-negative integers', () => {
    const bad = (value: string, message: RegExp) => assert.throws(() => load({ PLANS_JSON: value }), message);
    bad(
      '{pro:1}',
      /^Error: PLANS_JSON is not valid JSON \(.+\); it must be an object such as \{"pro":\{"maxWorkspaces":1\}\}$/,
    );
    bad(
      '{"gold":{"maxWorkspaces":1}}',
      /PLANS_JSON is invalid: \(top level\): unknown key "gold" \(expected an object keyed by plan: free, pro, business, agency, enterprise\)/,
    );
    bad('{"pro":{"maxWorkspace":2}}', /PLANS_JSON is invalid: \/pro: unknown key "maxWorkspace"/);
    bad(
      '{"pro":{"maxWorkspaces":-1}}',
      /\/pro\/maxWorkspaces: must be a non-negative integer, or null for unlimited, got -1/,
    );
    bad('{"free":{"maxScansPerMonth":1.5}}', /\/free\/maxScansPerMonth: must be a non-negative integer, got 1\.5/);
    bad(
      '{"business":{"requestsPerMinute":"60"}}',
      /\/business\/requestsPerMinute: must be a non-negative integer, got "60"/,
    );
    bad('{"free":{"maxDynamicCodes":null}}', /\/free\/maxDynamicCodes: must be a non-negative integer, got null/);
    bad('[]', /PLANS_JSON is invalid: \(top level\): must be an object keyed by plan/);
  });

  it('names every problem at once', () => {
    assert.throws(
      () => load({ PLANS_JSON: '{"pro":{"maxWorkspaces":-1,"maxDynamicCodes":"x"}}' }),
      /\/pro\/maxWorkspaces: must be .*; \/pro\/maxDynamicCodes: must be a non-negative integer, got "x"/,
    );
  });
});

describe('DEPRECATIONS_JSON', () => {
  it('takes method, path, a sunset date or date-time and an optional link', () => {
    const list = [
      { method: 'GET', path: '/v1/codes/:id', sunset: '2027-06-30' },
      { method: 'delete', path: '/v1/x', sunset: '2027-06-30T00:00:00Z', link: 'https://qrs.example/docs/x' },
    ];
    assert.deepEqual(load({ DEPRECATIONS_JSON: JSON.stringify(list) }).deprecations, list);
  });

  it('refuses invalid JSON, a missing field, a bad method, path, date or link, and unknown fields', () => {
    const bad = (value: unknown, message: RegExp) =>
      assert.throws(
        () => load({ DEPRECATIONS_JSON: typeof value === 'string' ? value : JSON.stringify(value) }),
        message,
      );
    bad('[{"method":"GET",}]', /^Error: DEPRECATIONS_JSON is not valid JSON \(.+\); it must be an array such as/);
    bad(
      { method: 'GET', path: '/v1/x', sunset: '2027-06-30' },
      /DEPRECATIONS_JSON is invalid: \(top level\): must be an array of \{method, path, sunset, link\?\}/,
    );
    bad([{ method: 'GET', path: '/v1/x' }], /DEPRECATIONS_JSON is invalid: \/0: missing "sunset"/);
    bad([{ path: '/v1/x', sunset: '2027-06-30' }], /\/0: missing "method"/);
    bad(
      [{ method: 'FETCH', path: '/v1/x', sunset: '2027-06-30' }],
      /\/0\/method: must be an HTTP method \(GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\), got "FETCH"/,
    );
    bad([{ method: 'GET', path: 'v1/x', sunset: '2027-06-30' }], /\/0\/path: must be a route path starting with \//);
    bad(
      [{ method: 'GET', path: '/v1/x', sunset: 'next summer' }],
      /\/0\/sunset: must be a date \(2027-06-30\) or date-time \(2027-06-30T00:00:00Z\), got "next summer"/,
    );
    bad([{ method: 'GET', path: '/v1/x', sunset: '2027-02-30' }], /\/0\/sunset: must be a date/);
    bad(
      [{ method: 'GET', path: '/v1/x', sunset: '2027-06-30', link: 'docs/x' }],
      /\/0\/link: must be an absolute URL, got "docs\/x"/,
    );
    bad([{ method: 'GET', path: '/v1/x', sunset: '2027-06-30', sunsett: 'x' }], /\/0: unknown key "sunsett"/);
  });
});

describe('PG_POOL_MAX', () => {
  it('is an integer from 1 to 1000, 10 when unset', () => {
    assert.equal(load({}).pgPoolMax, 10);
    assert.equal(load({ PG_POOL_MAX: '25' }).pgPoolMax, 25);
    for (const v of ['0', '-1', '2.5', 'ten', '1001']) {
      assert.throws(
        () => load({ PG_POOL_MAX: v }),
        new RegExp(`PG_POOL_MAX must be an integer from 1 to 1000, got "${v}"`),
      );
    }
  });

  const url = process.env.TEST_DATABASE_URL;
  it('caps the PostgreSQL pool [postgres]', { skip: url ? false : 'TEST_DATABASE_URL not set' }, async () => {
    const name = `qrs-pool-${process.pid}-${Date.now()}`;
    const config = load({ DATABASE_URL: url!, PG_POOL_MAX: '2' });
    const db = openDatabase(config.databaseUrl, { poolMax: config.pgPoolMax, applicationName: name });
    const observer = openDatabase(url!);
    try {
      let most = 0;
      const busy = Promise.all(Array.from({ length: 6 }, () => sql`select pg_sleep(0.3)`.execute(db)));
      for (let i = 0; i < 8; i++) {
        await new Promise((r) => setTimeout(r, 100));
        const { rows } = await sql<{
          n: number;
        }>`select count(*)::int as n from pg_stat_activity where application_name = ${name}`.execute(observer);
        most = Math.max(most, rows[0].n);
      }
      await busy;
      assert.equal(most, 2);
    } finally {
      await db.destroy();
      await observer.destroy();
    }
  });
});

describe('CODE_PASSWORD_FAILURES', () => {
  it('defaults to 30, takes a count and refuses anything else at start-up', () => {
    assert.equal(load({}).codePasswordFailures, 30);
    assert.equal(load({ CODE_PASSWORD_FAILURES: '5' }).codePasswordFailures, 5);
    for (const bad of ['-1', 'ten', '2.5'])
      assert.throws(
        () => load({ CODE_PASSWORD_FAILURES: bad }),
        new RegExp(`CODE_PASSWORD_FAILURES must be a non-negative integer, got "${bad}"`),
      );
  });
});

describe('configuration at start-up', () => {
  it('a bad PLANS_JSON stops the server with exit code 1 and the message on stderr', () => {
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      env: { ...process.env, DATABASE_URL: 'sqlite::memory:', PORT: '0', PLANS_JSON: '{"gold":{}}' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(res.status, 1, res.stderr);
    assert.match(res.stderr, /PLANS_JSON is invalid: \(top level\): unknown key "gold"/);
  });
});

forEachDialect('valid JSON variables reach the API', (dialect) => {
  const { h } = useHarness(dialect, {
    env: {
      DEPRECATIONS_JSON: JSON.stringify([{ method: 'GET', path: '/v1/health', sunset: '2027-06-30' }]),
    },
    tenant: false,
  });

  it('a deprecated route answers with its Sunset date', async () => {
    const res = await call(h, { url: '/v1/health' });
    assert.equal(res.headers.deprecation, 'true');
    assert.equal(res.headers.sunset, 'Wed, 30 Jun 2027 00:00:00 GMT');
  });
});
