// The public page of a passport before it is published (GET /v1/dpp/{id}/preview): public
// attributes only, in the language asked for, for those who may read the passport.
import { it, before } from 'node:test';
import assert from 'node:assert/strict';
import { call, seedTenant, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { createPassport, publisher, uniqueFixture } from '../../support/passports.js';

forEachDialect('dpp page preview', (dialect) => {
  let t: Tenant;
  const { h } = useHarness(dialect, { tenant: false });
  before(async () => {
    t = await publisher(h);
  });

  it('renders a draft as its public page, without restricted attributes, never cached', async () => {
    const input = uniqueFixture('ev');
    const p = await createPassport(h, t, input);
    assert.equal(p.publication_status, 'draft');
    const res = await call(h, { url: `/v1/dpp/${p.id}/preview?lang=de`, tenant: t });
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    assert.match(String(res.headers['content-type']), /^text\/html/);
    assert.equal(res.headers['cache-control'], 'private, no-store');
    assert.match(res.body, /<html lang="de">/);
    assert.match(res.body, new RegExp(p.data.generalProductInformation.batteryModel));
    // Legitimate-interest data (the date of putting into service) stays off the public page.
    const putIntoService = input.data.generalProductInformation?.putIntoService as string | undefined;
    if (putIntoService) assert.doesNotMatch(res.body, new RegExp(putIntoService.slice(0, 10)));
    // The draft is still not on the resolver's public page.
    const pub = await call(h, { url: new URL(p.public_url).pathname, headers: { accept: 'text/html' } });
    assert.equal(pub.statusCode, 404);
  });

  it("another organization's passport is not found", async () => {
    const p = await createPassport(h, t, uniqueFixture('lmt'));
    const other = await seedTenant(h);
    const res = await call(h, { url: `/v1/dpp/${p.id}/preview`, tenant: other });
    assert.equal(res.statusCode, 404);
  });
});
