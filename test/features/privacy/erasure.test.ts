import { it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  call,
  expectProblem,
  randomSlug,
  seedMember,
  seedTenant,
  type Harness,
  type Member,
} from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { asKey, asMember, assertErrorAt, req } from '../../support/callers.js';
import { createCode, scan } from '../../support/codes.js';
import { signUp } from '../../support/accounts.js';
import { isPostgres } from '../../../src/db/database.js';
import { newId } from '../../../src/lib/ids.js';
import { publishAnnouncement } from '../../../src/features/announcements/index.js';
import { systemClock } from '../../../src/lib/clock.js';

/** Every text-like column of every table the app sees (its search_path: the harness's job queue too), on either database. */
async function textColumns(h: Harness): Promise<Array<{ table: string; column: string }>> {
  if (isPostgres(h.db)) {
    const rows = await sql<{ table_name: string; column_name: string }>`
      select distinct c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = any(current_schemas(false)) and t.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'json', 'jsonb')`.execute(h.db);
    return rows.rows.map((r) => ({ table: r.table_name, column: r.column_name }));
  }
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(h.db);
  const out: Array<{ table: string; column: string }> = [];
  for (const { name } of tables.rows) {
    const cols = await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${name})`.execute(
      h.db,
    );
    for (const c of cols.rows)
      if (/text|char|clob|json/i.test(c.type) || c.type === '') out.push({ table: name, column: c.name });
  }
  return out;
}

/** Where `needle` occurs: "table.column" for each hit. */
async function findEverywhere(h: Harness, needle: string): Promise<string[]> {
  const hits: string[] = [];
  for (const { table, column } of await textColumns(h)) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}
      where cast(${sql.ref(column)} as text) like ${`%${needle}%`}`.execute(h.db);
    if (Number(rows[0].n) > 0) hits.push(`${table}.${column}`);
  }
  return hits;
}

forEachDialect('erasure', (dialect) => {
  const { h } = useHarness(dialect, { tenant: false });

  const login = (email: string, password: string) =>
    call(h, { method: 'POST', url: '/auth/login', body: { email, password } });

  it('DELETE /v1/users/me leaves no e-mail or name in any text column; audit and comments stay', async () => {
    const t = await seedTenant(h, 'pro');
    const owner = await seedMember(h, t, { org: 'org_admin' });
    const victim = await seedMember(h, t, { workspace: 'ws_admin' });
    const name = `Zelda Quintanilla ${randomSlug('n')}`;
    await h.db.updateTable('users').set({ name }).where('id', '=', victim.userId).execute();
    // Personal data spread the ways the product spreads it:
    assert.equal((await login(victim.email, 'wrong password here')).statusCode, 401); // throttling rows
    const session = await login(victim.email, victim.password);
    assert.equal(session.statusCode, 200, session.body);
    const key = await req(h, asMember(victim), 'POST', '/v1/api-keys', { name: 'mine' });
    assert.equal(key.statusCode, 201, key.body);
    const code = await createCode(h, t, { type: 'url', url: 'https://example.com/e' });
    const comment = await req(h, asMember(victim), 'POST', `/v1/codes/${code.id}/comments`, {
      body: 'Keep this text',
    });
    assert.equal(comment.statusCode, 201, comment.body);
    const invite = await call(h, {
      method: 'POST',
      url: '/v1/members',
      body: { email: victim.email, name },
      headers: { ...owner.headers, 'idempotency-key': randomUUID() }, // a stored answer quoting the address
    });
    assert.equal(invite.statusCode, 201, invite.body);
    const other = await seedTenant(h);
    const otherAdmin = await seedMember(h, other, { org: 'org_admin' });
    assert.equal((await req(h, asMember(otherAdmin), 'POST', '/v1/members', { email: victim.email })).statusCode, 201);
    assert.equal(
      (
        await req(h, asMember(owner), 'PATCH', `/v1/organizations/${t.organizationId}`, {
          billing_email: victim.email,
        })
      ).statusCode,
      200,
    );
    assert.ok((await findEverywhere(h, victim.email)).length >= 4, 'the fixture spreads the address');

    // Bad input and wrong callers change nothing.
    expectProblem(await req(h, asKey(t), 'DELETE', '/v1/users/me', { password: victim.password }), 403, 'forbidden');
    assertErrorAt(
      expectProblem(
        await req(h, asMember(victim), 'DELETE', '/v1/users/me', { password: 'not it at all' }),
        422,
        'validation-error',
      ),
      '/password',
      'mismatch',
    );
    assertErrorAt(
      expectProblem(await req(h, asMember(victim), 'DELETE', '/v1/users/me', { password: 7 }), 422, 'validation-error'),
      '/password',
    );
    assertErrorAt(
      expectProblem(
        await req(h, asMember(victim), 'DELETE', '/v1/users/me', { password: victim.password, why: 'x' }),
        422,
        'validation-error',
      ),
      '/why',
      'unknown_field',
    );
    expectProblem(await req(h, asMember(victim), 'DELETE', '/v1/users/me', {}), 400, 'bad-request');
    assert.equal(
      (await h.db.selectFrom('users').select('email').where('id', '=', victim.userId).executeTakeFirstOrThrow()).email,
      victim.email,
    );

    const exportOf = async (userId: string, scope: 'user' | 'organization') => {
      const id = newId('exp');
      const now = new Date();
      await h.db
        .insertInto('privacy_exports')
        .values({
          id,
          organization_id: t.organizationId,
          user_id: userId,
          scope,
          status: 'ready',
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
        })
        .execute();
      return id;
    };
    const exports = [await exportOf(victim.userId, 'user'), await exportOf(owner.userId, 'organization')];
    // A dismissed notice says when they were signed in.
    const notice = await publishAnnouncement(
      { db: h.db, config: h.config, clock: systemClock },
      { title: 'Maintenance', body: 'Tonight.', organization: t.organizationId },
    );
    assert.equal((await req(h, asMember(victim), 'POST', `/v1/announcements/${notice.id}/dismiss`)).statusCode, 200);
    const dismissals = () =>
      h.db.selectFrom('announcement_dismissals').selectAll().where('actor_id', '=', victim.userId).execute();
    assert.equal((await dismissals()).length, 1);
    const res = await req(h, asMember(victim), 'DELETE', '/v1/users/me', { password: victim.password });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json.data.user_id, victim.userId);
    assert.equal(res.json.data.erased, true);

    assert.deepEqual(await findEverywhere(h, victim.email), []);
    assert.deepEqual(await findEverywhere(h, name), []);
    assert.deepEqual(await dismissals(), []);
    // Exports holding their data (their own, and the organization's) expire at once.
    for (const id of exports) {
      const row = await h.db.selectFrom('privacy_exports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      assert.ok(row.expires_at <= new Date().toISOString(), id);
    }
    // Nothing works for them any more.
    expectProblem(await req(h, asMember(victim), 'GET', '/v1/codes'), 401, 'authentication');
    expectProblem(
      await call(h, { url: '/v1/codes', headers: { authorization: `Bearer ${key.json.data.api_key}` } }),
      401,
      'authentication',
    );
    assert.equal((await login(victim.email, victim.password)).statusCode, 401);
    expectProblem(await req(h, asMember(owner), 'GET', `/v1/members/${victim.userId}`), 404, 'not-found');
    // The record of what happened stays; the person does not.
    const acted = await h.db.selectFrom('audit_logs').select('action').where('actor_id', '=', victim.userId).execute();
    assert.ok(acted.some((a) => a.action === 'api_keys.created'));
    assert.ok(acted.some((a) => a.action === 'organizations.member_erased'));
    const user = await h.db.selectFrom('users').selectAll().where('id', '=', victim.userId).executeTakeFirstOrThrow();
    assert.equal(user.name, null);
    assert.equal(user.password_hash, '');
    assert.equal(user.email, `erased-${victim.userId}@erased.invalid`);
    assert.ok(user.erased_at);
    const kept = await req(h, asMember(owner), 'GET', `/v1/codes/${code.id}/comments`);
    assert.equal(kept.statusCode, 200, kept.body);
    assert.deepEqual(
      kept.json.data.map((c: any) => [c.body, c.author_id]),
      [['Keep this text', 'erased']],
    );
  });

  it('the last org_admin cannot erase themselves (409, nothing changes); after a hand-over they can', async () => {
    const t = await seedTenant(h);
    const solo = await seedTenant(h);
    const admin = await seedMember(h, solo, { org: 'org_admin' });
    // solo's bootstrap user is an org_admin too; make `admin` the only one.
    await h.db.deleteFrom('memberships').where('user_id', '=', solo.userId).execute();
    const p = expectProblem(
      await req(h, asMember(admin), 'DELETE', '/v1/users/me', { password: admin.password }),
      409,
      'conflict',
    );
    assert.match(p.detail, /last org_admin/);
    assert.equal(
      (await h.db.selectFrom('users').select('erased_at').where('id', '=', admin.userId).executeTakeFirstOrThrow())
        .erased_at,
      null,
    );
    assert.equal((await req(h, asMember(admin), 'GET', '/v1/codes')).statusCode, 200, 'the session still works');
    const successor = await seedMember(h, solo, { workspace: 'viewer' });
    assert.equal(
      (await req(h, asMember(admin), 'PATCH', `/v1/members/${successor.userId}`, { role: 'org_admin' })).statusCode,
      200,
    );
    assert.equal(
      (await req(h, asMember(admin), 'DELETE', '/v1/users/me', { password: admin.password })).statusCode,
      200,
    );
    void t;
  });

  it("POST /v1/members/:user_id/erase: org_admin only; another organization's member is a 404", async () => {
    const t = await seedTenant(h);
    const admin = await seedMember(h, t, { org: 'org_admin' });
    const member = await seedMember(h, t, { workspace: 'editor' });
    const wsAdmin = await seedMember(h, t, { workspace: 'ws_admin' });
    const url = (m: Member | string) => `/v1/members/${typeof m === 'string' ? m : m.userId}/erase`;
    expectProblem(await req(h, asKey(t), 'POST', url(member)), 403, 'forbidden');
    expectProblem(await req(h, asMember(wsAdmin), 'POST', url(member)), 403, 'forbidden');
    const stranger = await seedTenant(h);
    const strangerAdmin = await seedMember(h, stranger, { org: 'org_admin' });
    expectProblem(await req(h, asMember(strangerAdmin), 'POST', url(member)), 404, 'not-found');
    expectProblem(await req(h, asMember(admin), 'POST', url('usr_01JD3Y2K8Q9XW4T5N6M7P8R9S0')), 404, 'not-found');
    assertErrorAt(
      expectProblem(await req(h, asMember(admin), 'POST', url('x'.repeat(80))), 422, 'validation-error'),
      '/params/user_id',
    );
    assert.equal(
      (await h.db.selectFrom('users').select('erased_at').where('id', '=', member.userId).executeTakeFirstOrThrow())
        .erased_at,
      null,
    );

    // Someone who also belongs to another organization is not this one's to erase.
    const shared = await seedMember(h, t, { workspace: 'viewer' });
    await h.db
      .insertInto('memberships')
      .values({
        organization_id: stranger.organizationId,
        user_id: shared.userId,
        role: 'member',
        created_at: new Date().toISOString(),
      })
      .execute();
    expectProblem(await req(h, asMember(admin), 'POST', url(shared)), 409, 'conflict');

    const res = await req(h, asMember(admin), 'POST', url(member));
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(await findEverywhere(h, member.email), []);
    expectProblem(await req(h, asMember(member), 'GET', '/v1/codes'), 401, 'authentication');
    expectProblem(await req(h, asMember(admin), 'POST', url(member)), 404, 'not-found');
    const entry = await h.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('organization_id', '=', t.organizationId)
      .where('action', '=', 'organizations.member_erased')
      .executeTakeFirstOrThrow();
    assert.equal(entry.actor_id, admin.userId);
  });

  it('a person who signed up alone erases themselves and their organization in one confirmed step', async () => {
    const me = await signUp(h);
    const asMe = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
      call(h, { method, url, headers: me.headers, body });
    const erase = (body: Record<string, unknown>) => asMe('DELETE', '/v1/users/me', body);
    const code = await createCode(
      h,
      { headers: me.headers },
      { type: 'url', url: 'https://example.com/alone', dynamic: true },
    );
    assert.equal((await scan(h, code.short_code)).statusCode, 302);
    const stranger = await seedTenant(h);
    // Someone else's organization, and one with another member, where `me` is the last org_admin.
    const shared = await asMe('POST', '/v1/organizations', {
      name: 'Shared',
      slug: randomSlug('shared'),
    });
    assert.equal(shared.statusCode, 201, shared.body);
    const sharedId = shared.json.data.id as string;
    const other = await seedTenant(h);
    await h.db
      .insertInto('memberships')
      .values({
        organization_id: sharedId,
        user_id: other.userId,
        role: 'member',
        created_at: new Date().toISOString(),
      })
      .execute();
    const unchanged = async () => {
      const user = await h.db
        .selectFrom('users')
        .select(['email', 'erased_at'])
        .where('id', '=', me.userId)
        .executeTakeFirstOrThrow();
      assert.deepEqual(user, { email: me.email, erased_at: null });
      const orgs = await h.db
        .selectFrom('organizations')
        .select(['id', 'deleted_at'])
        .where('id', 'in', [me.organizationId, sharedId, stranger.organizationId])
        .execute();
      assert.ok(orgs.length === 3 && orgs.every((o) => o.deleted_at === null));
      assert.equal((await asMe('GET', '/v1/codes')).statusCode, 200, 'the session lives');
    };

    // Before: 409, naming each organization and whether `me` is its only member.
    const p = expectProblem(await erase({ password: me.password }), 409, 'conflict');
    assert.match(p.detail, /last org_admin/);
    assert.deepEqual(
      (p.organizations as Array<{ id: string; only_member: boolean }>).sort((a, b) => a.id.localeCompare(b.id)),
      [
        { id: me.organizationId, only_member: true },
        { id: sharedId, only_member: false },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
    // Only the organizations they run alone can go with them; anyone else's is a 422, changing nothing.
    assertErrorAt(
      expectProblem(
        await erase({ password: me.password, delete_organizations: [me.organizationId, stranger.organizationId] }),
        422,
        'validation-error',
      ),
      '/delete_organizations/1',
      'not_yours',
    );
    assertErrorAt(
      expectProblem(
        await erase({ password: me.password, delete_organizations: [me.organizationId, sharedId] }),
        422,
        'validation-error',
      ),
      '/delete_organizations/1',
      'has_members',
    );
    assertErrorAt(
      expectProblem(
        await erase({ password: me.password, delete_organizations: me.organizationId }),
        422,
        'validation-error',
      ),
      '/delete_organizations',
    );
    assertErrorAt(
      expectProblem(
        await erase({ password: 'not it at all', delete_organizations: [me.organizationId] }),
        422,
        'validation-error',
      ),
      '/password',
      'mismatch',
    );
    // Naming only the one run alone still leaves the shared one, which needs a successor.
    expectProblem(await erase({ password: me.password, delete_organizations: [me.organizationId] }), 409, 'conflict');
    await unchanged();

    // The shared organization gets its successor; then one step erases the person and their own organization.
    assert.equal(
      (
        await call(h, {
          method: 'PATCH',
          url: `/v1/members/${other.userId}`,
          headers: { ...me.headers, 'x-organization-id': sharedId },
          body: { role: 'org_admin' },
        })
      ).statusCode,
      200,
    );
    const res = await erase({ password: me.password, delete_organizations: [me.organizationId] });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json.data.erased, true);
    assert.deepEqual(await findEverywhere(h, me.email), []);
    const orgs = await h.db
      .selectFrom('organizations')
      .select(['id', 'deleted_at'])
      .where('id', 'in', [me.organizationId, sharedId])
      .orderBy('id')
      .execute();
    assert.deepEqual(
      orgs.map((o) => [o.id, o.deleted_at !== null]),
      [
        [me.organizationId, true],
        [sharedId, false],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    const audit = await h.db
      .selectFrom('audit_logs')
      .select(['action', 'actor_id'])
      .where('organization_id', '=', me.organizationId)
      .where('action', 'in', ['organizations.deleted', 'organizations.member_erased'])
      .orderBy('action')
      .execute();
    assert.deepEqual(audit, [
      { action: 'organizations.deleted', actor_id: me.userId },
      { action: 'organizations.member_erased', actor_id: me.userId },
    ]);
    assert.equal(
      (await scan(h, code.short_code)).statusCode,
      410,
      'its codes stop redirecting at once, as after DELETE /v1/organizations/{id}',
    );
    assert.equal((await login(me.email, me.password)).statusCode, 401);
    expectProblem(await asMe('GET', '/v1/codes'), 401, 'authentication');
  });
});
