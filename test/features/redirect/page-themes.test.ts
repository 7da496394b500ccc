// Branded hosted pages (docs/decisions.md D82): the workspace's page kit or a code's own kit
// themes every hosted page (content, password, expired) with its logo, colours and font, script-
// free and small; colours stay readable whatever is chosen; bad input and other tenants change nothing.
import { it, before } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, seedTenant, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { createCode, scan } from '../../support/codes.js';
import { contrast, pageTheme } from '../../../src/features/redirect/page-theme.js';
import { DOMAINS_CHANGED } from '../../../src/db/invalidation.js';

const LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20"><rect width="40" height="20" fill="#E91E63"/></svg>',
).toString('base64');
/** The size budget of a hosted page: one request, no script, fast on a slow phone network. */
export const PAGE_BUDGET_BYTES = 16 * 1024;

const LINKS = {
  type: 'links',
  content: { title: 'Café Linde', links: [{ label: 'Menu', url: 'https://example.com/m' }] },
};

function assertPage(body: string) {
  assert.ok(!/<script/i.test(body) && !/\son\w+=/i.test(body), 'script-free');
  assert.ok(Buffer.byteLength(body) < PAGE_BUDGET_BYTES, `within the page budget: ${Buffer.byteLength(body)} bytes`);
}

it('every theme keeps text, links and button labels readable (WCAG AA 4.5:1)', () => {
  const colours = ['#ffffff', '#000000', '#ffff00', '#777777', '#1f3a93', '#ff0000', '#00ff00', '#f6f6f6', '#333333'];
  for (const accent of colours)
    for (const background of colours) {
      const th = pageTheme(null, { accent, background, font: null, logo: null });
      assert.ok(contrast(th.text, th.background) >= 4.5, `text on ${background}`);
      assert.ok(contrast(th.muted, th.background) >= 4.5, `muted on ${background}`);
      assert.ok(contrast(th.link, th.background) >= 4.5, `link ${accent} on ${background}`);
      assert.ok(contrast(th.on, th.accent) >= 4.5, `button text on ${accent}`);
    }
  const plain = pageTheme(null, null);
  assert.deepEqual([plain.accent, plain.background, plain.link], ['#1f3a93', '#f6f6f6', '#0b4f9c']);
});

forEachDialect('branded hosted pages', (dialect) => {
  let other: Tenant;
  const { h, t } = useHarness(dialect, { env: { SCAN_FLUSH_MS: '60000' }, tenant: 'pro' });
  before(async () => {
    other = await seedTenant(h, 'pro');
  });
  const post = (tenant: Tenant, url: string, body: unknown) => call(h, { method: 'POST', url, tenant, body });
  const patchKit = (tenant: Tenant, id: string, body: unknown) =>
    call(h, { method: 'PATCH', url: `/v1/brand-kits/${id}`, tenant, body });
  const kitOf = async (tenant: Tenant, page: Record<string, unknown>) => {
    const res = await post(tenant, '/v1/brand-kits', { name: `Kit ${Math.random()}`, style: { page } });
    assert.equal(res.statusCode, 201, res.body);
    return res.json.data.id as string;
  };
  const logoOf = async (tenant: Tenant) => {
    const res = await post(tenant, '/v1/logos', { name: 'Linde', content_type: 'image/svg+xml', data: LOGO });
    assert.equal(res.statusCode, 201, res.body);
    return res.json.data.id as string;
  };

  it("the workspace's page kit themes a content page: colours, font, a same-origin logo", async () => {
    const plain = await createCode(h, t, LINKS);
    const before = await scan(h, plain.short_code);
    assert.match(before.body, /--brand:#1f3a93/);
    assert.ok(!before.body.includes('class="logo"'));
    assertPage(before.body);

    const logo = await logoOf(t);
    const kit = await kitOf(t, { accent: '#ffcc00', background: '#101820', font: 'serif', logo_id: logo });
    const first = await kitOf(t, { accent: '#00ffff' });
    assert.equal((await patchKit(t, first, { pages_default: true })).json.data.pages_default, true);
    const set = await patchKit(t, kit, { pages_default: true });
    assert.equal(set.statusCode, 200, set.body);
    assert.equal(set.json.data.pages_default, true);
    // one page kit per workspace: the earlier one let go
    assert.equal((await call(h, { url: `/v1/brand-kits/${first}`, tenant: t })).json.data.pages_default, false);

    const c = await createCode(h, t, LINKS);
    const res = await scan(h, c.short_code, { 'accept-language': 'de-DE' });
    assert.equal(res.statusCode, 200);
    assert.ok(res.body.includes('<html lang="de">'));
    assert.match(res.body, /--brand:#ffcc00;--on:#000000;--bg:#101820;--text:#ffffff/);
    assert.match(res.body, /--font:Georgia/);
    assert.ok(res.body.includes(`<img class="logo" src="/r/${c.short_code}/logo" alt="" width="96" height="48">`));
    assertPage(res.body);

    const img = await call(h, { url: `/r/${c.short_code}/logo` });
    assert.equal(img.statusCode, 200);
    assert.equal(img.headers['content-type'], 'image/svg+xml');
    assert.match(String(img.headers['content-security-policy']), /default-src 'none'/);
    assert.equal(img.headers['cache-control'], 'public, max-age=300');
    assert.ok(img.body.includes('<rect'));
  });

  it("a code's own kit with a page style wins over the workspace's; password and expired pages wear it", async () => {
    const own = await kitOf(t, { accent: '#006400', background: '#ffffff', font: 'mono' });
    const c = await createCode(h, t, { ...LINKS, style: { brand_kit_id: own } });
    const res = await scan(h, c.short_code);
    assert.match(res.body, /--brand:#006400;--on:#ffffff;--bg:#ffffff;--text:#1a1a1a/);
    assert.match(res.body, /--link:#006400/);
    assert.match(res.body, /--font:ui-monospace/);

    const locked = await createCode(h, t, {
      type: 'url',
      url: 'https://example.com/locked',
      password: 'open sesame',
      style: { brand_kit_id: own },
    });
    const form = await scan(h, locked.short_code, { 'accept-language': 'de' });
    assert.equal(form.statusCode, 200);
    assert.match(form.body, /Dieser Code ist geschützt/);
    assert.match(form.body, /--brand:#006400/);
    assertPage(form.body);

    const paused = await call(h, { method: 'PATCH', url: `/v1/codes/${c.id}`, tenant: t, body: { status: 'paused' } });
    assert.equal(paused.statusCode, 200, paused.body);
    const gone = await scan(h, c.short_code, { 'accept-language': 'de' });
    assert.equal(gone.statusCode, 410);
    assert.match(gone.body, /Dieser Code ist nicht mehr aktiv/);
    assert.match(gone.body, /--brand:#006400/);
    assertPage(gone.body);
    assert.equal((await call(h, { url: `/r/${c.short_code}/logo` })).statusCode, 410);
  });

  it('a kit without a logo, or an unknown code, has no logo to serve (404)', async () => {
    const kit = await kitOf(t, { accent: '#123456' });
    const c = await createCode(h, t, { ...LINKS, style: { brand_kit_id: kit } });
    assert.equal((await call(h, { url: `/r/${c.short_code}/logo` })).statusCode, 404);
    assert.equal((await call(h, { url: '/r/zzzzzzzzzz/logo' })).statusCode, 404);
  });

  it('bad page styles are problems, and nothing changes', async () => {
    const count = async () => (await call(h, { url: '/v1/brand-kits', tenant: t })).json.meta.pagination.total_count;
    const before = await count();
    for (const page of [{ font: 'comic-sans' }, { accent: 'red' }, { logo_id: 'lgo_nope' }, { extra: 1 }]) {
      const res = await post(t, '/v1/brand-kits', { name: 'Bad', style: { page }, pages_default: true });
      const p = expectProblem(res, 422, 'validation-error');
      assert.ok(
        p.errors.some((e: { pointer: string }) => e.pointer.startsWith('/style/page')),
        res.body,
      );
    }
    expectProblem(await post(t, '/v1/brand-kits', { name: 'Bad', pages_default: 'yes' }), 422, 'validation-error');
    assert.equal(await count(), before);
  });

  it("another organization can neither see nor set this workspace's page kit, nor wear it", async () => {
    const kit = await kitOf(t, { accent: '#654321' });
    assert.equal((await patchKit(other, kit, { pages_default: true })).statusCode, 404);
    assert.equal((await call(h, { url: `/v1/brand-kits/${kit}`, tenant: other })).statusCode, 404);
    // their code naming our kit is refused, and their pages wear none of ours
    const refused = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: other,
      body: { ...LINKS, style: { brand_kit_id: kit } },
    });
    expectProblem(refused, 422, 'validation-error');
    const theirs = await createCode(h, other, LINKS);
    const res = await scan(h, theirs.short_code);
    assert.ok(!res.body.includes('#654321') && !res.body.includes('#ffcc00') && !res.body.includes('class="logo"'));
    assert.equal((await call(h, { url: `/r/${theirs.short_code}/logo` })).statusCode, 404);
  });

  it("an unknown code on a workspace's custom domain gets the not-found page in that workspace's look", async () => {
    const owner = await seedTenant(h, 'pro');
    const domain = `qr-${owner.workspaceId.slice(-8).toLowerCase()}.brand.example`;
    // Verified through DNS in test/features/workspaces/custom-domains.test.ts.
    await h.db
      .updateTable('workspaces')
      .set({ custom_domain: domain, custom_domain_verified_at: new Date().toISOString() })
      .where('id', '=', owner.workspaceId)
      .execute();
    h.app.deps.invalidation.publish([DOMAINS_CHANGED]);
    const kit = await kitOf(owner, { accent: '#2e7d32', background: '#fffde7', font: 'rounded' });
    await patchKit(owner, kit, { pages_default: true });
    const theirs = await createCode(h, t, LINKS);
    for (const url of ['/r/nosuchcode1', `/r/${theirs.short_code}`]) {
      const res = await call(h, { url, headers: { host: domain, 'accept-language': 'de' } });
      assert.equal(res.statusCode, 404, url);
      assert.match(res.body, /--brand:#2e7d32/);
      assert.match(res.body, /Code nicht gefunden/);
      assertPage(res.body);
    }
    // On the product's own host the same unknown code shows the product's look.
    const plain = await call(h, { url: '/r/nosuchcode1' });
    assert.equal(plain.statusCode, 404);
    assert.doesNotMatch(plain.body, /#2e7d32/);
  });

  it('a deleted page kit stops theming new scans of the workspace', async () => {
    const kit = await kitOf(t, { accent: '#8b0000' });
    await patchKit(t, kit, { pages_default: true });
    const c = await createCode(h, t, LINKS);
    assert.match((await scan(h, c.short_code)).body, /--brand:#8b0000/);
    const del = await call(h, { method: 'DELETE', url: `/v1/brand-kits/${kit}`, tenant: t });
    assert.equal(del.json.data.pages_default, false);
    const d = await createCode(h, t, LINKS);
    assert.doesNotMatch((await scan(h, d.short_code)).body, /#8b0000/);
  });
});
