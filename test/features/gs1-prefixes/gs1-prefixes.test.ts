import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, seedMember, seedTenant, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { verifyGs1Prefix } from '../../../src/cli/commands.js';
import { asMember, auditOf, req } from '../../support/callers.js';
import { createPassport, pathOf, publish, publisher, underPrefix, uniqueFixture } from '../../support/passports.js';

/** GTIN squatting, and a deleted organization's passports stay public (docs/security.md, Tenancy and ownership). */
const randomPrefix = () =>
  `8${Math.floor(Math.random() * 1e8)
    .toString()
    .padStart(8, '0')}`;

forEachDialect('GS1 company prefixes and passport ownership', (dialect) => {
  const { h } = useHarness(dialect, { tenant: false });

  async function admin(t: Tenant) {
    return asMember(await seedMember(h, t, { org: 'org_admin' }));
  }

  it('an org_admin claims a prefix (self_declared, audited); list, get, delete; another organization sees 404', async () => {
    const t = await seedTenant(h);
    const me = await admin(t);
    const prefix = randomPrefix();
    const made = await req(h, me, 'POST', '/v1/gs1-prefixes', { prefix });
    assert.equal(made.statusCode, 201, made.body);
    const p = made.json.data;
    assert.match(p.id, /^gcp_[0-9A-Z]{26}$/);
    assert.deepEqual(
      { prefix: p.prefix, status: p.status, verified_at: p.verified_at, organization_id: p.organization_id },
      { prefix, status: 'self_declared', verified_at: null, organization_id: t.organizationId },
    );
    const [entry] = await auditOf(h, t.workspaceId);
    assert.equal(entry.action, 'gs1_prefixes.created');
    assert.equal(entry.resource_id, p.id);
    assert.deepEqual(
      (await req(h, me, 'GET', '/v1/gs1-prefixes')).json.data.map((x: any) => x.id),
      [p.id],
    );
    assert.equal((await call(h, { url: `/v1/gs1-prefixes/${p.id}`, tenant: t })).statusCode, 200);

    const stranger = await seedTenant(h);
    expectProblem(await call(h, { url: `/v1/gs1-prefixes/${p.id}`, tenant: stranger }), 404, 'not-found');
    expectProblem(await req(h, await admin(stranger), 'DELETE', `/v1/gs1-prefixes/${p.id}`), 404, 'not-found');
    assert.deepEqual((await call(h, { url: '/v1/gs1-prefixes', tenant: stranger })).json.data, []);

    const removed = await req(h, me, 'DELETE', `/v1/gs1-prefixes/${p.id}`);
    assert.equal(removed.statusCode, 200, removed.body);
    assert.equal(removed.json.data.status, 'removed');
    assert.equal((await auditOf(h, t.workspaceId))[0].action, 'gs1_prefixes.deleted');
    expectProblem(await call(h, { url: `/v1/gs1-prefixes/${p.id}`, tenant: t }), 404, 'not-found');
  });

  it('bad input is a 422 with a pointer and changes nothing; API keys may not claim prefixes', async () => {
    const t = await seedTenant(h);
    const me = await admin(t);
    for (const prefix of ['123', '1234567890123', '42a0123', '']) {
      const res = expectProblem(await req(h, me, 'POST', '/v1/gs1-prefixes', { prefix }), 422, 'validation-error');
      assert.equal(res.errors[0].pointer, '/prefix');
    }
    expectProblem(await req(h, me, 'POST', '/v1/gs1-prefixes', {}), 400, 'bad-request');
    expectProblem(
      await call(h, { method: 'POST', url: '/v1/gs1-prefixes', tenant: t, body: { prefix: randomPrefix() } }),
      403,
      'forbidden',
    );
    assert.deepEqual((await req(h, me, 'GET', '/v1/gs1-prefixes')).json.data, []);
    assert.equal((await auditOf(h, t.workspaceId)).filter((e: any) => e.action.startsWith('gs1_prefixes')).length, 0);
    const prefix = randomPrefix();
    assert.equal((await req(h, me, 'POST', '/v1/gs1-prefixes', { prefix })).statusCode, 201);
    const twice = expectProblem(await req(h, me, 'POST', '/v1/gs1-prefixes', { prefix }), 422, 'validation-error');
    assert.equal(twice.errors[0].code, 'taken');
  });

  it('publishing needs a verified prefix covering the GTIN: none or self_declared is a 422 on /gtin', async () => {
    const t = await seedTenant(h);
    const prefix = randomPrefix();
    const input = uniqueFixture('lmt');
    input.gtin = underPrefix(input.gtin, prefix);
    const draft = await createPassport(h, t, input);
    const unowned = expectProblem(
      await call(h, { method: 'POST', url: `/v1/dpp/${draft.id}/publish`, tenant: t }),
      422,
      'validation-error',
    );
    assert.deepEqual(
      unowned.errors.map((e: any) => [e.pointer, e.code]),
      [['/gtin', 'gs1.prefix_unverified']],
    );
    assert.equal((await req(h, await admin(t), 'POST', '/v1/gs1-prefixes', { prefix })).statusCode, 201);
    expectProblem(
      await call(h, { method: 'POST', url: `/v1/dpp/${draft.id}/publish`, tenant: t }),
      422,
      'validation-error',
    );
    assert.equal((await call(h, { url: `/v1/dpp/${draft.id}`, tenant: t })).json.data.publication_status, 'draft');
    // The operator verifies it (audited as a system action); now it publishes and resolves.
    const verified = await verifyGs1Prefix(h.db, h.config, t.organizationId, prefix);
    assert.equal(verified.status, 'verified');
    const entry = (await auditOf(h, t.workspaceId)).find((e: any) => e.action === 'gs1_prefixes.verified');
    assert.equal(entry?.actor_type, 'system');
    const published = await publish(h, t, draft.id);
    assert.equal((await call(h, { url: pathOf(published.digital_link) })).statusCode, 307);
  });

  it('one prefix, one owner: another organization cannot claim, verify or publish under a verified prefix', async () => {
    const owner = await publisher(h);
    const prefix = randomPrefix();
    await verifyGs1Prefix(h.db, h.config, owner.organizationId, prefix);
    const squatter = await seedTenant(h);
    const sq = await admin(squatter);
    for (const claim of [prefix, prefix.slice(0, 6), `${prefix}12`]) {
      const res = expectProblem(
        await req(h, sq, 'POST', '/v1/gs1-prefixes', { prefix: claim }),
        422,
        'validation-error',
      );
      assert.equal(res.errors[0].code, 'owned_elsewhere', claim);
    }
    await assert.rejects(verifyGs1Prefix(h.db, h.config, squatter.organizationId, prefix.slice(0, 7)), /overlaps/);
    const input = uniqueFixture('ev');
    input.gtin = underPrefix(input.gtin, prefix);
    const theirs = await createPassport(h, squatter, input);
    expectProblem(
      await call(h, { method: 'POST', url: `/v1/dpp/${theirs.id}/publish`, tenant: squatter }),
      422,
      'validation-error',
    );
    // The owner publishes the same key without a 409.
    const mine = await publish(h, owner, (await createPassport(h, owner, { ...input })).id);
    assert.equal(mine.publication_status, 'published');
  });

  it('verifying a prefix archives passports other organizations published under it before ownership existed', async () => {
    const squatter = await seedTenant(h);
    const prefix = randomPrefix();
    const input = uniqueFixture('lmt');
    input.gtin = underPrefix(input.gtin, prefix);
    const squat = await createPassport(h, squatter, input);
    // Published before prefixes existed: written straight to the table, as old data would be.
    await h.db
      .updateTable('dpp_passports')
      .set({ publication_status: 'published', published_at: new Date().toISOString() })
      .where('id', '=', squat.id)
      .execute();
    // Not owned by its organization: not served.
    expectProblem(
      await call(h, { url: pathOf(squat.public_url), headers: { accept: 'application/json' } }),
      404,
      'not-found',
    );
    expectProblem(await call(h, { url: pathOf(squat.digital_link) }), 404, 'not-found');
    const owner = await seedTenant(h);
    const out = await verifyGs1Prefix(h.db, h.config, owner.organizationId, prefix);
    assert.deepEqual(out.archived_passports, [squat.id]);
    assert.equal(
      (await call(h, { url: `/v1/dpp/${squat.id}`, tenant: squatter })).json.data.publication_status,
      'archived',
    );
    assert.ok(
      (await auditOf(h, squatter.workspaceId)).some(
        (e: any) => e.action === 'dpp.archived' && e.actor_type === 'system',
      ),
    );
  });

  it('a deleted organization: its passports answer 410 on /dpp and the /01 resolver, its codes stop redirecting', async () => {
    const t = await publisher(h);
    const passport = await publish(h, t, (await createPassport(h, t, uniqueFixture('ev'))).id);
    const code = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: { type: 'url', url: 'https://example.com/' },
    });
    assert.equal(code.statusCode, 201, code.body);
    const short = pathOf(code.json.data.short_url);
    assert.equal((await call(h, { url: short })).statusCode, 302);
    assert.equal((await call(h, { url: pathOf(passport.public_url) })).statusCode, 200);
    const owner = await admin(t);
    assert.equal((await req(h, owner, 'DELETE', `/v1/organizations/${t.organizationId}`)).statusCode, 200);

    const page = await call(h, { url: pathOf(passport.public_url), headers: { accept: 'text/html' } });
    assert.equal(page.statusCode, 410);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    expectProblem(
      await call(h, { url: pathOf(passport.public_url), headers: { accept: 'application/json' } }),
      410,
      'gone',
    );
    expectProblem(await call(h, { url: pathOf(passport.digital_link) }), 410, 'gone');
    const redirect = await call(h, { url: short });
    assert.equal(redirect.statusCode, 410);
    assert.equal(redirect.headers.location, undefined);
  });
});
