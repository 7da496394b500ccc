// Standing access credentials on every dialect: the org_admin issues, lists and revokes them
// (audited); a passport page shows each audience its level and nothing more; a credential never
// opens another organization's passports, nor passports outside its GTIN prefixes.
import { it, before } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, seedMember, seedTenant, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { asKey, asMember, auditOf, req, type Caller } from '../../support/callers.js';
import { pathOf, publishedPassport } from '../../support/passports.js';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

forEachDialect('dpp access credentials', (dialect) => {
  let owner: Tenant;
  let admin: Caller;
  let passport: any;
  const { h } = useHarness(dialect, { tenant: false });
  before(async () => {
    const published = await publishedPassport(h, 'ev');
    owner = published.tenant;
    passport = published.passport;
    admin = asMember(await seedMember(h, owner, { org: 'org_admin' }));
  });

  const issue = async (body: Record<string, unknown>) => {
    const res = await req(h, admin, 'POST', '/v1/dpp-credentials', {
      expires_at: inDays(90),
      holder: 'Recycler GmbH',
      ...body,
    });
    assert.equal(res.statusCode, 201, res.body);
    return res.json.data;
  };
  const view = (token?: string, p = passport) =>
    call(h, {
      url: pathOf(p.public_url),
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  it('only an org_admin manages credentials; bad input changes nothing', async () => {
    expectProblem(
      await req(h, asKey(owner), 'POST', '/v1/dpp-credentials', {
        level: 'authority',
        holder: 'x',
        expires_at: inDays(1),
      }),
      403,
      'forbidden',
    );
    const editor = asMember(await seedMember(h, owner, { workspace: 'editor' }));
    expectProblem(await req(h, editor, 'GET', '/v1/dpp-credentials'), 403, 'forbidden');
    for (const body of [
      { level: 'authority', holder: 'x', expires_at: inDays(-1) },
      { level: 'authority', holder: 'x', expires_at: inDays(400) },
      { level: 'owner', holder: 'x', expires_at: inDays(1) },
      { level: 'authority', holder: 'x', expires_at: inDays(1), gtin_prefixes: ['04a'] },
    ])
      assert.equal((await req(h, admin, 'POST', '/v1/dpp-credentials', body)).statusCode, 422, JSON.stringify(body));
    assert.equal((await req(h, admin, 'GET', '/v1/dpp-credentials')).json.data.length, 0);
  });

  it('each audience sees its level and nothing more (public, legitimate interest, authority)', async () => {
    const li = await issue({ level: 'legitimate_interest' });
    const auth = await issue({ level: 'authority', holder: 'Market surveillance authority' });
    assert.match(li.token, /_dpc_[0-9A-Za-z]{40}$/);

    const pub = (await view()).json.data;
    assert.equal(pub.access_level, 'public');
    assert.equal(pub.data.circularity.dismantlingInformation, undefined);
    assert.equal(pub.data.performance.dynamic, undefined);
    assert.equal(pub.data.generalProductInformation.putIntoService, undefined);
    assert.equal(pub.data.labels.resultOfTestReport, undefined);

    const seenByLi = (await view(li.token)).json.data;
    assert.equal(seenByLi.access_level, 'legitimate_interest');
    assert.ok(seenByLi.data.circularity.dismantlingInformation.length > 0);
    assert.equal(
      seenByLi.data.performance.dynamic.stateOfHealth.value,
      passport.data.performance.dynamic.stateOfHealth.value,
    );
    assert.equal(
      seenByLi.data.generalProductInformation.putIntoService,
      passport.data.generalProductInformation.putIntoService,
    );
    assert.equal(seenByLi.data.labels.resultOfTestReport, undefined);

    const seenByAuth = (await view(auth.token)).json.data;
    assert.equal(seenByAuth.access_level, 'authority');
    assert.deepEqual(seenByAuth.data.labels.resultOfTestReport, passport.data.labels.resultOfTestReport);
  });

  it("never opens another organization's passports, nor passports outside its GTIN prefixes", async () => {
    const other = (await publishedPassport(h, 'lmt')).passport; // another organization
    const li = await issue({ level: 'legitimate_interest' });
    expectProblem(await view(li.token, other), 401, 'authentication');
    const scoped = await issue({ level: 'authority', gtin_prefixes: ['1'] });
    expectProblem(await view(scoped.token), 401, 'authentication');
    const matching = await issue({ level: 'authority', gtin_prefixes: [passport.gtin.slice(0, 8)] });
    assert.equal((await view(matching.token)).json.data.access_level, 'authority');
  });

  it('revocation works at once and is audited; listing never shows tokens; strangers get 404', async () => {
    const li = await issue({ level: 'legitimate_interest', note: 'contract 2026-114' });
    const listed = (await req(h, admin, 'GET', '/v1/dpp-credentials')).json.data;
    assert.ok(listed.some((c: any) => c.id === li.id));
    assert.ok(listed.every((c: any) => c.token === undefined));

    const stranger = asMember(await seedMember(h, await seedTenant(h), { org: 'org_admin' }));
    expectProblem(await req(h, stranger, 'DELETE', `/v1/dpp-credentials/${li.id}`), 404, 'not-found');
    assert.equal((await req(h, stranger, 'GET', '/v1/dpp-credentials')).json.data.length, 0);

    const revoked = await req(h, admin, 'DELETE', `/v1/dpp-credentials/${li.id}`);
    assert.equal(revoked.statusCode, 200);
    assert.ok(revoked.json.data.revoked_at);
    expectProblem(await view(li.token), 401, 'authentication');
    const actions = (await auditOf(h, owner.workspaceId)).filter((e) => e.resource_id === li.id).map((e) => e.action);
    assert.deepEqual(actions.sort(), ['dpp.credential_issued', 'dpp.credential_revoked']);
  });
});
