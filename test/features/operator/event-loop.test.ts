// The operator's directories on a server with many accounts (docs/decisions.md D74): 50,000 users
// each running an organization of their own, in a SQLite file (and PostgreSQL). Lists, searches and
// the health screen must not hold the event loop: nothing whose cost grows with the accounts may run
// on it.
import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import { call, randomSlug, type Dialect, type Harness } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { isPostgres } from '../../../src/db/database.js';
import { person } from './operator-people.js';

const ACCOUNTS = 50_000;
const dir = mkdtempSync(join(tmpdir(), 'qrs-operator-eventloop-'));
const sqliteFile: Dialect = { name: 'sqlite', url: `sqlite:${join(dir, 'operator.sqlite')}` };
const OPERATOR = `${randomSlug('ops-loop')}@example.com`;

/** One user, organization and membership each, by three SQL statements; `tag` keeps runs apart on a shared database. */
async function seedAccounts(h: Harness, tag: string) {
  const at = '2026-06-01T00:00:00.000Z';
  const series = isPostgres(h.db)
    ? sql`select i from generate_series(0, ${ACCOUNTS - 1}) as i`
    : sql`with recursive n(i) as (select 0 union all select i + 1 from n where i < ${ACCOUNTS - 1}) select i from n`;
  await sql`insert into users (id, email, name, password_hash, created_at, updated_at, locale)
    select 'usr_' || ${tag} || '_' || i, 'person' || i || '.' || ${tag} || '@example.com', 'Person ' || i, 'x', ${at}, ${at}, 'en'
    from (${series}) as s`.execute(h.db);
  await sql`insert into organizations (id, name, slug, plan, settings, created_at, updated_at)
    select 'org_' || ${tag} || '_' || i, 'Company ' || i, 'company-' || ${tag} || '-' || i, 'free', '{}', ${at}, ${at}
    from (${series}) as s`.execute(h.db);
  await sql`insert into memberships (organization_id, user_id, role, created_at)
    select 'org_' || ${tag} || '_' || i, 'usr_' || ${tag} || '_' || i, 'org_admin', ${at}
    from (${series}) as s`.execute(h.db);
}

forEachDialect(
  `the operator's directories hold no event loop, ${ACCOUNTS.toLocaleString('en')} accounts`,
  (dialect) => {
    const tag = randomSlug('t').replace(/-/g, '');
    after(async () => {
      // A shared PostgreSQL test database should not keep 50,000 accounts a run.
      await h.db.deleteFrom('memberships').where('user_id', 'like', `usr_${tag}_%`).execute();
      await h.db.deleteFrom('organizations').where('id', 'like', `org_${tag}_%`).execute();
      await h.db.deleteFrom('users').where('id', 'like', `usr_${tag}_%`).execute();
    });
    const { h } = useHarness(dialect, { tenant: false, env: { OPERATOR_EMAILS: OPERATOR } });
    let headers: Record<string, string>;
    before(async () => {
      await seedAccounts(h, tag);
      headers = (await person(h, { email: OPERATOR, twoFactor: true })).headers;
    });
    after(() => {
      if (dialect.name === 'sqlite') rmSync(dir, { recursive: true, force: true });
    });

    it('lists, searches and health hold the event loop briefly, however many accounts', async () => {
      const calls = [
        '/v1/operator/organizations',
        '/v1/operator/organizations?limit=100',
        `/v1/operator/organizations?q=company-${tag}-49999`,
        '/v1/operator/organizations?q=Company%2037777',
        `/v1/operator/organizations?q=person4242.${tag}%40example.com`,
        '/v1/operator/users',
        '/v1/operator/users?limit=100',
        `/v1/operator/users?q=person31337.${tag}`,
        '/v1/operator/users?q=nobody-at-all',
        '/v1/operator/health',
      ];
      for (const url of calls) assert.equal((await call(h, { url, headers })).statusCode, 200, url);
      const histogram = monitorEventLoopDelay({ resolution: 5 });
      histogram.enable();
      await new Promise((resolve) => setTimeout(resolve, 20)); // the histogram's first sample is not a call's
      const worst: Array<[string, number]> = [];
      for (const url of calls) {
        let best = Infinity;
        // Best of three: the shared machine stalls processes at random.
        for (let i = 0; i < 3; i++) {
          histogram.reset();
          const res = await call(h, { url, headers });
          await new Promise((resolve) => setTimeout(resolve, 10));
          assert.equal(res.statusCode, 200, url);
          best = Math.min(best, histogram.max / 1e6);
        }
        worst.push([url, Math.round(best)]);
      }
      histogram.disable();
      console.log(`[${dialect.name}] event-loop hold (ms): ${JSON.stringify(worst)}`);
      // SQLite's reads run on a worker (4-12 ms here). On PostgreSQL the loop builds the page's
      // usage queries and reads their answers: 9-37 ms at load 14 once the page's organizations
      // are counted a few at a time (70 ms before, all at once); a shared CI machine adds stalls,
      // so its bound is 100 ms, which still catches anything that reads all the rows.
      const bound = dialect.name === 'sqlite' ? 50 : 100;
      assert.deepEqual(
        worst.filter(([, ms]) => ms >= bound),
        [],
      );
    });
  },
  { sqlite: sqliteFile },
);
