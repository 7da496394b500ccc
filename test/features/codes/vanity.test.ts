import { it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { call, expectProblem, seedTenant, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { auditOf, createCode, scan } from '../../support/codes.js';

const vanity = (prefix = 'v') => `${prefix}-${randomBytes(5).toString('hex')}`;

forEachDialect('vanity short codes', (dialect) => {
  let stranger: Tenant;
  const { h, t } = useHarness(dialect, { env: { SCAN_FLUSH_MS: '60000' }, tenant: 'pro' });
  before(async () => {
    stranger = await seedTenant(h, 'pro');
  });

  const codeCount = async (tenant: Tenant) =>
    Number(
      (
        await h.db
          .selectFrom('codes')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('workspace_id', '=', tenant.workspaceId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('a chosen short code is the short URL and redirects', async () => {
    const name = vanity('Summer_Sale');
    const c = await createCode(h, t, { type: 'url', url: 'https://shop.example.com/', short_code: name });
    assert.equal(c.short_code, name);
    assert.equal(c.short_url, `http://qrs.test/r/${name}`);
    const res = await scan(h, name);
    assert.equal(res.statusCode, 302);
    assert.equal(res.headers.location, 'https://shop.example.com/');
  });

  it('generated short codes hold no vowels (no words), 8 characters', async () => {
    for (let i = 0; i < 20; i++) {
      const c = await createCode(h, t, { type: 'url', url: 'https://gen.example.com/' });
      assert.match(c.short_code, /^[256789B-DF-HJ-NP-TV-Zb-df-hj-np-tv-z]{8}$/);
    }
  });

  it('bad, reserved and static short codes are a 422 with a pointer, and nothing is stored', async () => {
    const before = await codeCount(t);
    for (const [short_code, code] of [
      ['ab', 'pattern'],
      ['x'.repeat(65), 'pattern'],
      ['has space', 'pattern'],
      ['dot.ted', 'pattern'],
      ['ümlaut', 'pattern'],
      ['admin', 'reserved'],
      ['Docs', 'reserved'],
      ['API', 'reserved'],
    ] as const) {
      const res = await call(h, {
        method: 'POST',
        url: '/v1/codes',
        tenant: t,
        body: { type: 'url', url: 'https://a.example.com/', short_code },
      });
      const p = expectProblem(res, 422, 'validation-error');
      assert.equal(p.errors[0].pointer, '/short_code', short_code);
      if (code === 'reserved') assert.equal(p.errors[0].code, 'reserved');
    }
    const res = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: { type: 'text', content: { text: 'hi' }, short_code: vanity() },
    });
    assert.equal(expectProblem(res, 422, 'validation-error').errors[0].code, 'dynamic_only');
    assert.equal(await codeCount(t), before);
  });

  it('a taken code is a 422 taken on /short_code, also across tenants and inside a batch', async () => {
    const name = vanity();
    await createCode(h, t, { type: 'url', url: 'https://one.example.com/', short_code: name });
    const before = await codeCount(stranger);
    let res = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: stranger,
      body: { type: 'url', url: 'https://two.example.com/', short_code: name },
    });
    let p = expectProblem(res, 422, 'validation-error');
    assert.deepEqual(
      p.errors.map((e: { pointer: string; code: string }) => [e.pointer, e.code]),
      [['/short_code', 'taken']],
    );
    const twice = vanity();
    res = await call(h, {
      method: 'POST',
      url: '/v1/codes/batch',
      tenant: stranger,
      body: {
        codes: [
          { type: 'url', url: 'https://a.example.com/', short_code: twice },
          { type: 'url', url: 'https://b.example.com/', short_code: twice },
        ],
      },
    });
    p = expectProblem(res, 422, 'validation-error');
    assert.deepEqual(
      p.errors.map((e: { pointer: string; code: string }) => [e.pointer, e.code]),
      [['/codes/1/short_code', 'taken']],
    );
    assert.equal(await codeCount(stranger), before, 'all or nothing');
  });

  it('changing the code keeps the old one as an alias until deleted; audited', async () => {
    const first = vanity('first');
    const second = vanity('second');
    const c = await createCode(h, t, { type: 'url', url: 'https://alias.example.com/', short_code: first });
    assert.equal((await scan(h, first)).statusCode, 302); // cached under the old name
    let res = await call(h, { method: 'PATCH', url: `/v1/codes/${c.id}`, tenant: t, body: { short_code: second } });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json.data.short_url, `http://qrs.test/r/${second}`);
    for (const name of [first, second]) {
      const r = await scan(h, name);
      assert.equal(r.statusCode, 302, name);
      assert.equal(r.headers.location, 'https://alias.example.com/');
    }
    await h.app.scans.flush();
    const code = await call(h, { url: `/v1/codes/${c.id}`, tenant: t });
    assert.equal(code.json.data.scan_count, 3, 'scans through the alias count for the code');

    const entries = await auditOf(h, c.id);
    const update = entries.find((e) => e.action === 'codes.updated')!;
    assert.deepEqual(update.changes.short_code, { old: first, new: second });

    res = await call(h, { url: `/v1/codes/${c.id}/aliases`, tenant: t });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(
      res.json.data.map((a: { short_code: string }) => a.short_code),
      [first],
    );
    assert.match(res.json.data[0].id, /^qra_/);
    assert.equal(res.json.meta.pagination.total_count, 1);

    // The alias is taken for everyone else, in create and in update.
    const other = await createCode(h, stranger, { type: 'url', url: 'https://other.example.com/' });
    res = await call(h, {
      method: 'PATCH',
      url: `/v1/codes/${other.id}`,
      tenant: stranger,
      body: { short_code: first },
    });
    assert.equal(expectProblem(res, 422, 'validation-error').errors[0].code, 'taken');
    res = await call(h, {
      method: 'PATCH',
      url: `/v1/codes/${other.id}`,
      tenant: stranger,
      body: { short_code: second },
    });
    assert.equal(expectProblem(res, 422, 'validation-error').errors[0].code, 'taken');

    // Another tenant sees neither the aliases nor can delete them.
    res = await call(h, { url: `/v1/codes/${c.id}/aliases`, tenant: stranger });
    expectProblem(res, 404, 'not-found');
    res = await call(h, { method: 'DELETE', url: `/v1/codes/${c.id}/aliases/${first}`, tenant: stranger });
    expectProblem(res, 404, 'not-found');
    res = await call(h, { method: 'DELETE', url: `/v1/codes/${other.id}/aliases/${first}`, tenant: stranger });
    expectProblem(res, 404, 'not-found');
    assert.equal((await scan(h, first)).statusCode, 302);

    res = await call(h, { method: 'DELETE', url: `/v1/codes/${c.id}/aliases/${first}`, tenant: t });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json.data.short_code, first);
    assert.equal((await scan(h, first)).statusCode, 404);
    assert.equal((await scan(h, second)).statusCode, 302);
    const deleted = (await auditOf(h, c.id)).find((e) => e.action === 'codes.alias_deleted')!;
    assert.deepEqual(deleted.changes.alias, { old: first, new: null });
    res = await call(h, { url: `/v1/codes/${c.id}/aliases`, tenant: t });
    assert.deepEqual(res.json.data, []);
  });

  it('taking back an alias swaps the two; a deleted code answers 410 on every name', async () => {
    const a = vanity('a');
    const b = vanity('b');
    const c = await createCode(h, t, { type: 'url', url: 'https://swap.example.com/', short_code: a });
    await call(h, { method: 'PATCH', url: `/v1/codes/${c.id}`, tenant: t, body: { short_code: b } });
    const res = await call(h, { method: 'PATCH', url: `/v1/codes/${c.id}`, tenant: t, body: { short_code: a } });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json.data.short_code, a);
    const aliases = await call(h, { url: `/v1/codes/${c.id}/aliases`, tenant: t });
    assert.deepEqual(
      aliases.json.data.map((x: { short_code: string }) => x.short_code),
      [b],
    );
    assert.equal((await scan(h, b)).statusCode, 302);
    await call(h, { method: 'DELETE', url: `/v1/codes/${c.id}`, tenant: t });
    assert.equal((await scan(h, a)).statusCode, 410);
    assert.equal((await scan(h, b)).statusCode, 410);
  });

  it('a static code cannot take a short code on update', async () => {
    const c = await createCode(h, t, { type: 'text', content: { text: 'hello' } });
    const res = await call(h, {
      method: 'PATCH',
      url: `/v1/codes/${c.id}`,
      tenant: t,
      body: { short_code: vanity() },
    });
    assert.equal(expectProblem(res, 422, 'validation-error').errors[0].code, 'dynamic_only');
  });
});
