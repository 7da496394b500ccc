// The operator's directories on a server with many accounts (docs/decisions.md D74): 50,000 users
// each running an organization of their own, in a SQLite file (and PostgreSQL). Lists, searches and
// the health screen must not hold the event loop: nothing whose cost grows with the accounts may run
// on it.
import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { call, randomSlug, type Dialect, type Harness } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { isPostgres } from '../../../src/db/database.js';
import { person } from './operator-people.js';
import { loopHeldBy } from '../../support/event-loop.js';

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
      const worst: Array<[string, number]> = [];
      for (const url of calls) {
        let best = Infinity;
        // Best of three: the shared machine stalls processes at random.
        for (let i = 0; i < 3; i++) {
          let status = 0;
          const held = await loopHeldBy(async () => {
            status = (await call(h, { url, headers })).statusCode;
          });
          assert.equal(status, 200, url);
          best = Math.min(best, held.own);
        }
        worst.push([url, Math.round(best)]);
      }
      console.log(`[${dialect.name}] event-loop hold (ms): ${JSON.stringify(worst)}`);
      // SQLite's reads run on a worker (4-12 ms here). On PostgreSQL the loop builds the page's
      // usage queries and reads their answers: a page of 100 organizations' usage is 40-76 ms of the
      // loop's own CPU (70 ms of wall clock before they were counted a few at a time), so its bound
      // is 100 ms, which still catches anything that reads all the rows. loopHeldBy leaves out the
      // waiting for a core on a shared CI machine.
      const bound = dialect.name === 'sqlite' ? 50 : 100;
      assert.deepEqual(
        worst.filter(([, ms]) => ms >= bound),
        [],
      );
    });
  },
  { sqlite: sqliteFile },
);
