import { it } from 'node:test';
import assert from 'node:assert/strict';
import type { DnsResolver } from '../../../src/platform/dns/resolvers.js';
import { call, expectProblem, randomSlug, seedMember, seedTenant, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { asKey, asMember, assertErrorAt, auditOf, req } from '../../support/callers.js';

/** A DNS zone in memory; unknown names fail as Node's resolver does (ENOTFOUND). */
class FakeDns implements DnsResolver {
  records = new Map<string, string[][]>();
  asked: string[] = [];
  async resolveTxt(name: string): Promise<string[][]> {
    this.asked.push(name);
    const r = this.records.get(name);
    if (!r) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    return r;
  }
  /** Publishes the record the workspace asks for (split in two chunks, as long TXT values may be). */
  publish(ws: { custom_domain_verification: { name: string; value: string } }) {
    const { name, value } = ws.custom_domain_verification;
    this.records.set(name, [['v=spf1 -all'], [value.slice(0, 10), value.slice(10)]]);
  }
}

const domainFor = (prefix: string) => `${prefix}-${randomSlug('d')}.example.net`;

forEachDialect('custom domains', (dialect) => {
  const dns = new FakeDns();
  const { h } = useHarness(dialect, { dnsResolver: dns, tenant: false });

  async function setDomain(t: Tenant, domain: string | null, workspaceId = t.workspaceId) {
    const res = await req(h, asKey(t), 'PATCH', `/v1/workspaces/${workspaceId}`, { custom_domain: domain });
    assert.equal(res.statusCode, 200, res.body);
    return res.json.data;
  }
  const verify = (t: Tenant, workspaceId = t.workspaceId) =>
    req(h, asKey(t), 'POST', `/v1/workspaces/${workspaceId}/domain/verify`);
  async function verified(t: Tenant, domain: string) {
    dns.publish(await setDomain(t, domain));
    const res = await verify(t);
    assert.equal(res.statusCode, 200, res.body);
    return res.json.data;
  }
  async function newCode(t: Tenant, url = 'https://example.com/') {
    const res = await call(h, { method: 'POST', url: '/v1/codes', tenant: t, body: { type: 'url', url } });
    return res;
  }
  const redirect = (shortCode: string, host?: string) =>
    call(h, { method: 'GET', url: `/r/${shortCode}`, headers: host ? { host } : {} });

  it('setting a domain issues a TXT token; a new domain gets a new one; clearing drops it', async () => {
    const t = await seedTenant(h);
    const fresh = (await req(h, asKey(t), 'GET', `/v1/workspaces/${t.workspaceId}`)).json.data;
    assert.equal(fresh.custom_domain_status, null);
    assert.equal(fresh.custom_domain_verification, null);
    const domain = domainFor('qr');
    const ws = await setDomain(t, domain.toUpperCase());
    assert.equal(ws.custom_domain, domain);
    assert.equal(ws.custom_domain_status, 'unverified');
    assert.equal(ws.custom_domain_verification.type, 'TXT');
    assert.equal(ws.custom_domain_verification.name, `_qrs-challenge.${domain}`);
    assert.match(ws.custom_domain_verification.value, /^qrs-verify=[0-9a-f]{32}$/);
    // The same domain again changes nothing; another domain mints another token.
    assert.deepEqual((await setDomain(t, domain)).custom_domain_verification, ws.custom_domain_verification);
    const other = await setDomain(t, domainFor('qr2'));
    assert.notEqual(other.custom_domain_verification.value, ws.custom_domain_verification.value);
    const cleared = await setDomain(t, null);
    assert.equal(cleared.custom_domain_status, null);
    assert.equal(cleared.custom_domain_verification, null);
  });

  it('verify without the TXT record: 422 dns_txt_missing at /custom_domain, nothing changes', async () => {
    const t = await seedTenant(h);
    const domain = domainFor('miss');
    const ws = await setDomain(t, domain);
    const auditBefore = (await auditOf(h, t.workspaceId)).length;
    dns.asked = [];
    const p = expectProblem(await verify(t), 422, 'validation-error');
    assertErrorAt(p, '/custom_domain', 'dns_txt_missing');
    assert.ok(
      p.errors[0].detail.includes(`_qrs-challenge.${domain}`) &&
        p.errors[0].detail.includes(ws.custom_domain_verification.value),
      p.errors[0].detail,
    );
    assert.deepEqual(dns.asked, [`_qrs-challenge.${domain}`]);
    // A wrong value is no better.
    dns.records.set(`_qrs-challenge.${domain}`, [['qrs-verify=0000']]);
    assertErrorAt(expectProblem(await verify(t), 422, 'validation-error'), '/custom_domain', 'dns_txt_missing');
    const after = (await req(h, asKey(t), 'GET', `/v1/workspaces/${t.workspaceId}`)).json.data;
    assert.deepEqual(after, ws);
    assert.equal((await auditOf(h, t.workspaceId)).length, auditBefore);
  });

  it('verify with the TXT record: 200 verified, audited; a second call is a no-op', async () => {
    const t = await seedTenant(h);
    const domain = domainFor('ok');
    const ws = await setDomain(t, domain);
    dns.publish(ws);
    const res = await verify(t);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json.data.custom_domain_status, 'verified');
    assert.equal(res.json.data.custom_domain_verification, null);
    const [entry] = await auditOf(h, t.workspaceId);
    assert.equal(entry.action, 'workspaces.domain_verified');
    assert.equal(entry.resource_id, t.workspaceId);
    const auditCount = (await auditOf(h, t.workspaceId)).length;
    const again = await verify(t);
    assert.equal(again.statusCode, 200);
    assert.deepEqual(again.json.data, res.json.data);
    assert.equal((await auditOf(h, t.workspaceId)).length, auditCount);
    // Changing the domain resets verification.
    const moved = await setDomain(t, domainFor('moved'));
    assert.equal(moved.custom_domain_status, 'unverified');
  });

  it("an unverified domain affects nothing: short_url, other tenants' url_loop, taken", async () => {
    const a = await seedTenant(h);
    const b = await seedTenant(h);
    const domain = domainFor('squat');
    await setDomain(a, domain);
    const own = await newCode(a);
    assert.equal(own.statusCode, 201, own.body);
    assert.equal(own.json.data.short_url, `http://qrs.test/r/${own.json.data.short_code}`);
    const theirs = await newCode(b, `https://${domain}/page`);
    assert.equal(theirs.statusCode, 201, theirs.body);
    // b may set the same domain too; neither blocks nor reveals the other.
    const bws = await setDomain(b, domain);
    assert.equal(bws.custom_domain_status, 'unverified');
  });

  it("a verified domain: short_url on it, url_loop for others, taken for others' PATCH and verify", async () => {
    const a = await seedTenant(h);
    const b = await seedTenant(h);
    const domain = domainFor('brand');
    // b claims the domain first, unverified; a verifies it.
    const bws = await setDomain(b, domain);
    await verified(a, domain);
    const own = await newCode(a);
    assert.equal(own.json.data.short_url, `https://${domain}/r/${own.json.data.short_code}`);
    const loop = await newCode(b, `https://${domain}/r/x`);
    assertErrorAt(expectProblem(loop, 422, 'validation-error'), '/url', 'url_loop');
    // b's record is in DNS too, but the domain is a's now.
    dns.publish(bws);
    assertErrorAt(expectProblem(await verify(b), 422, 'validation-error'), '/custom_domain', 'taken');
    const still = (await req(h, asKey(b), 'GET', `/v1/workspaces/${b.workspaceId}`)).json.data;
    assert.equal(still.custom_domain_status, 'unverified');
    const c = await seedTenant(h);
    assertErrorAt(
      expectProblem(
        await req(h, asKey(c), 'PATCH', `/v1/workspaces/${c.workspaceId}`, { custom_domain: domain }),
        422,
        'validation-error',
      ),
      '/custom_domain',
      'taken',
    );
  });

  it("redirects on a verified Host serve only that workspace's codes; BASE_URL serves all", async () => {
    const a = await seedTenant(h);
    const b = await seedTenant(h);
    const domain = domainFor('go');
    const codeB = (await newCode(b, 'https://b.example.com/')).json.data;
    const codeA0 = (await newCode(a, 'https://a.example.com/')).json.data;
    // Cached before the domain is verified: the verification still scopes it at once.
    assert.equal((await redirect(codeB.short_code, domain)).statusCode, 302);
    await verified(a, domain);
    const codeA = (await newCode(a, 'https://a.example.com/')).json.data;
    for (const c of [codeA, codeA0]) {
      const res = await redirect(c.short_code, domain);
      assert.equal(res.statusCode, 302);
      assert.equal(res.headers.location, 'https://a.example.com/');
    }
    const res = await redirect(codeA.short_code, `${domain.toUpperCase()}:443`);
    assert.equal(res.statusCode, 302);
    const foreign = await redirect(codeB.short_code, domain);
    const unknown = await redirect('zzzzzzzz', domain);
    assert.equal(foreign.statusCode, 404);
    assert.match(String(foreign.headers['content-type']), /^text\/html/);
    assert.equal(foreign.body, unknown.body);
    // The same host written with a trailing dot, a port or in capitals is the same domain: still scoped.
    // The security review's DOM-3: any number of trailing dots, not only one.
    for (const host of [`${domain}.`, `${domain.toUpperCase()}.:443`, `${domain}..`, `${domain}...:443`]) {
      assert.equal((await redirect(codeB.short_code, host)).statusCode, 404, host);
      assert.equal((await redirect(codeA.short_code, host)).statusCode, 302, host);
    }
    for (const c of [codeA, codeB]) {
      assert.equal((await redirect(c.short_code, 'qrs.test')).statusCode, 302);
      assert.equal((await redirect(c.short_code)).statusCode, 302);
    }
    // An unverified domain scopes nothing; clearing the verified one releases the Host.
    const other = domainFor('pending');
    await setDomain(b, other);
    assert.equal((await redirect(codeA.short_code, other)).statusCode, 302);
    await setDomain(a, null);
    assert.equal((await redirect(codeB.short_code, domain)).statusCode, 302);
  });

  it("BASE_URL's host and its subdomains are refused: 422 reserved, nothing changes", async () => {
    const t = await seedTenant(h);
    const before = (await req(h, asKey(t), 'GET', `/v1/workspaces/${t.workspaceId}`)).json.data;
    for (const domain of ['qrs.test', 'QRS.TEST', 'brand.qrs.test', 'a.b.qrs.test']) {
      const res = await req(h, asKey(t), 'PATCH', `/v1/workspaces/${t.workspaceId}`, { custom_domain: domain });
      assertErrorAt(expectProblem(res, 422, 'validation-error'), '/custom_domain', 'reserved');
    }
    assert.deepEqual((await req(h, asKey(t), 'GET', `/v1/workspaces/${t.workspaceId}`)).json.data, before);
    // A name that merely ends in the same letters is someone else's domain.
    const ws = await setDomain(t, `my${randomSlug('x')}qrs.test`);
    assert.equal(ws.custom_domain_status, 'unverified');
  });

  it("the ask endpoint answers 200 only for BASE_URL's host and verified domains", async () => {
    const a = await seedTenant(h);
    const domain = domainFor('tls');
    const check = (d: string) => call(h, { url: `/.well-known/qrs/domain-check?domain=${encodeURIComponent(d)}` });
    await setDomain(a, domain);
    expectProblem(await check(domain), 404, 'not-found');
    await verified(a, domain);
    const ok = await check(domain.toUpperCase());
    assert.equal(ok.statusCode, 200, ok.body);
    assert.deepEqual(ok.json, { domain });
    for (const dotted of [`${domain}.`, `${domain}..`]) assert.equal((await check(dotted)).statusCode, 200, dotted);
    assert.equal((await check('qrs.test')).statusCode, 200);
    expectProblem(await check('www.google.com'), 404, 'not-found');
    expectProblem(await check('not a host'), 404, 'not-found');
    expectProblem(await call(h, { url: '/.well-known/qrs/domain-check' }), 400, 'bad-request');
  });

  it('permissions: another organization gets 404; an editor 403; a ws_admin may verify', async () => {
    const a = await seedTenant(h);
    const b = await seedTenant(h);
    const ws = await setDomain(a, domainFor('perm'));
    dns.publish(ws);
    expectProblem(await verify(b, a.workspaceId), 404, 'not-found');
    const editor = await seedMember(h, a, { workspace: 'editor' });
    expectProblem(
      await req(h, asMember(editor), 'POST', `/v1/workspaces/${a.workspaceId}/domain/verify`),
      403,
      'forbidden',
    );
    assert.equal(
      (await req(h, asKey(a), 'GET', `/v1/workspaces/${a.workspaceId}`)).json.data.custom_domain_status,
      'unverified',
    );
    const admin = await seedMember(h, a, { workspace: 'ws_admin' });
    const res = await req(h, asMember(admin), 'POST', `/v1/workspaces/${a.workspaceId}/domain/verify`);
    assert.equal(res.statusCode, 200, res.body);
  });

  it('bad input: no domain set, unknown workspace, an overlong id', async () => {
    const t = await seedTenant(h);
    assertErrorAt(expectProblem(await verify(t), 422, 'validation-error'), '/custom_domain', 'required');
    expectProblem(await verify(t, 'ws_nope'), 404, 'not-found');
    expectProblem(await verify(t, 'x'.repeat(65)), 422, 'validation-error');
    // A stored domain has no trailing dot: one or several are refused alike, and nothing is saved.
    const before = (await req(h, asKey(t), 'GET', `/v1/workspaces/${t.workspaceId}`)).json.data;
    for (const dotted of [`${domainFor('dot')}.`, `${domainFor('dots')}..`]) {
      const res = await req(h, asKey(t), 'PATCH', `/v1/workspaces/${t.workspaceId}`, { custom_domain: dotted });
      assertErrorAt(expectProblem(res, 422, 'validation-error'), '/custom_domain', 'hostname');
    }
    assert.deepEqual((await req(h, asKey(t), 'GET', `/v1/workspaces/${t.workspaceId}`)).json.data, before);
  });
});
