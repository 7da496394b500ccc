import { it, before } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, seedTenant, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { createCode } from '../../support/codes.js';

// Issue #24 finding 2: one image request per list row. A page's thumbnails now come in one request.
forEachDialect('GET /v1/codes/thumbnails', (dialect) => {
  let t: Tenant;
  let other: Tenant;
  const { h } = useHarness(dialect, { tenant: false });
  before(async () => {
    [t, other] = [await seedTenant(h, 'pro'), await seedTenant(h, 'pro')];
  });
  const thumbs = (ids: string[], tenant = t) => call(h, { url: `/v1/codes/thumbnails?ids=${ids.join(',')}`, tenant });

  it('answers the SVG of each live code in the order asked, the same bytes as qr.svg', async () => {
    const a = await createCode(h, t, { type: 'url', url: 'https://a.example/', style: { foreground: '#1A237E' } });
    const b = await createCode(h, t, { type: 'text', content: { text: 'b' } });
    const res = await thumbs([b.id, a.id, b.id]);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(
      res.json.data.map((x: { id: string }) => x.id),
      [b.id, a.id],
    );
    for (const item of res.json.data) {
      const svg = await call(h, { url: `/v1/codes/${item.id}/qr.svg`, tenant: t });
      assert.equal(item.svg, svg.body);
    }
  });

  it("leaves out another workspace's, deleted and unknown ids without saying which", async () => {
    const mine = await createCode(h, t, { type: 'text', content: { text: 'mine' } });
    const gone = await createCode(h, t, { type: 'text', content: { text: 'gone' } });
    await call(h, { method: 'DELETE', url: `/v1/codes/${gone.id}`, tenant: t });
    const theirs = await createCode(h, other, { type: 'text', content: { text: 'theirs' } });
    const res = await thumbs([theirs.id, mine.id, gone.id, 'qr_nope']);
    assert.deepEqual(
      res.json.data.map((x: { id: string }) => x.id),
      [mine.id],
    );
    const asOther = await thumbs([mine.id], other);
    assert.deepEqual(asOther.json.data, []);
  });

  it('refuses more than 100 ids and malformed lists with 422 on /query/ids; needs a key', async () => {
    const many = Array.from({ length: 101 }, (_, i) => `qr_${i}`);
    let p = expectProblem(await thumbs(many), 422, 'validation-error');
    assert.equal(p.errors[0].pointer, '/query/ids');
    p = expectProblem(await call(h, { url: '/v1/codes/thumbnails?ids=a,,b', tenant: t }), 422, 'validation-error');
    assert.equal(p.errors[0].pointer, '/query/ids');
    expectProblem(await call(h, { url: '/v1/codes/thumbnails?ids=qr_1' }), 401, 'authentication');
  });
});
