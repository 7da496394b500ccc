// The security review's UPL-1 and UPL-2 replayed on every dialect: nesting bombs and decompression bombs are
// refused from the file's header or one linear pass, as a 422 on /data that stores nothing; the
// bounds hold exactly at their limits; a task past its time budget is a 422, never a 500.
import { it } from 'node:test';
import { randomUUID } from 'node:crypto';
import assert from 'node:assert/strict';
import { call, expectProblem, type Harness, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { deepSvg, zeroPng } from '../../support/logo-files.js';

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64');
const SVG_NS = 'xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"';

const upload = (h: Harness, t: Tenant, content_type: string, data: Buffer | string) =>
  call(h, { method: 'POST', url: '/v1/logos', tenant: t, body: { content_type, data: b64(data) } });
const logoCount = async (h: Harness, t: Tenant) =>
  (await call(h, { url: '/v1/logos', tenant: t })).json.meta.pagination.total_count as number;

/** The one problem on /data of a refused upload, after checking it is a 422 that stored nothing. */
async function refused(h: Harness, t: Tenant, type: string, file: Buffer | string) {
  const before = await logoCount(h, t);
  const p = expectProblem(await upload(h, t, type, file), 422, 'validation-error');
  assert.equal(await logoCount(h, t), before, 'nothing stored');
  assert.equal(p.errors.length, 1);
  assert.equal(p.errors[0].pointer, '/data');
  return p.errors[0] as { code: string; detail: string };
}

forEachDialect('logo upload attacks', (dialect) => {
  const { h, t } = useHarness(dialect, { tenant: 'pro' });

  it('SVGs nested 2,000, 8,000 and 30,000 deep are a 422 too_complex (they were 8.9 s, then 500s)', async () => {
    for (const depth of [2_000, 8_000, 30_000]) {
      const file = deepSvg(depth);
      assert.ok(file.length < 256 * 1024, 'within the size limit, so only the depth refuses it');
      const e = await refused(h, t, 'image/svg+xml', file);
      assert.equal(e.code, 'too_complex', `${depth}: ${e.detail}`);
      assert.match(e.detail, /at most 64 deep/);
    }
  });

  it('the SVG bounds hold at their limits: 64 deep and 5,000 elements pass, one more of either is refused', async () => {
    assert.equal((await upload(h, t, 'image/svg+xml', deepSvg(64))).statusCode, 201);
    assert.equal((await refused(h, t, 'image/svg+xml', deepSvg(65))).code, 'too_complex');
    const flat = (n: number) => `<svg ${SVG_NS}>${'<circle r="1"/>'.repeat(n - 1)}</svg>`;
    const ok = await upload(h, t, 'image/svg+xml', flat(5_000));
    assert.equal(ok.statusCode, 201, ok.body.slice(0, 300));
    const e = await refused(h, t, 'image/svg+xml', flat(5_001));
    assert.equal(e.code, 'too_complex');
    assert.match(e.detail, /at most 5,000 elements/);
    // Not well-formed: refused by the same pass, with the parser's reason.
    assert.equal((await refused(h, t, 'image/svg+xml', `<svg ${SVG_NS}><g></svg>`)).code, 'svg');
  });

  it('PNG headers of 8000×8000 and 16000×16000 are a 422 dimensions, read from the header alone', async () => {
    for (const side of [8_000, 16_000]) {
      const file = zeroPng(side, side, 8, side * 1_000);
      assert.ok(file.length < 64 * 1024, `a small file (${file.length} bytes) declaring ${side}²`);
      const e = await refused(h, t, 'image/png', file);
      assert.equal(e.code, 'dimensions');
      assert.match(e.detail, new RegExp(`this one is ${side}×${side}`));
    }
    // A header no decoder would accept (bit depth 3) never reaches one either.
    const bad = zeroPng(64, 64);
    bad[24] = 3;
    assert.equal((await refused(h, t, 'image/png', bad)).code, 'png');
    // A truncated file within the bounds is decoded on a worker and refused there.
    const whole = zeroPng(64, 64);
    assert.equal((await refused(h, t, 'image/png', whole.subarray(0, whole.length - 20))).code, 'png');
    assert.equal((await upload(h, t, 'image/png', zeroPng(2048, 2048, 16))).statusCode, 201);
  });
});

forEachDialect('logo work past its time budget', (dialect) => {
  // 1 ms: every check overruns; the thread is ended and the upload answered.
  const { h, t } = useHarness(dialect, { tenant: 'pro', env: { IMAGE_TASK_TIMEOUT_MS: '1' } });

  it('an upload whose check overruns the budget is a 422 too_complex that stores nothing; the next one is served', async () => {
    const e = await refused(h, t, 'image/svg+xml', `<svg ${SVG_NS}>${'<circle r="1"/>'.repeat(4_999)}</svg>`);
    assert.equal(e.code, 'too_complex');
    assert.match(e.detail, /took longer than 0.001 s/);
    // The pool starts a new thread for the next task, which is answered the same way, not held.
    assert.equal((await refused(h, t, 'image/png', zeroPng(1024, 1024))).code, 'too_complex');
  });
  it('a code image whose logo overruns the budget is a 422 too_complex on /style/logo_id, not a 500', async () => {
    // A logo stored before the upload checks existed (1,000 deep), as an older instance left it.
    const id = `lgo_${randomUUID().replaceAll('-', '')}`;
    const svg = deepSvg(1_000);
    await h.db
      .insertInto('logos')
      .values({
        id,
        organization_id: t.organizationId,
        workspace_id: t.workspaceId,
        name: 'old logo',
        content_type: 'image/svg+xml',
        width: 10,
        height: 10,
        bytes: svg.length,
        data: b64(svg),
        created_by: null,
        created_at: new Date().toISOString(),
        deleted_at: null,
      })
      .execute();
    const code = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: { type: 'url', url: 'https://old-logo.example/', style: { logo_id: id } },
    });
    assert.equal(code.statusCode, 201, code.body.slice(0, 300));
    for (const format of ['png', 'pdf', 'eps']) {
      const res = await call(h, { url: `/v1/codes/${code.json.data.id}/qr.${format}`, tenant: t });
      const p = expectProblem(res, 422, 'validation-error');
      assert.deepEqual(
        p.errors.map((e: { pointer: string; code: string }) => [e.pointer, e.code]),
        [['/style/logo_id', 'too_complex']],
        format,
      );
    }
    // The SVG carries the logo as it is, for the browser to draw: nothing to rasterise here.
    assert.equal((await call(h, { url: `/v1/codes/${code.json.data.id}/qr.svg`, tenant: t })).statusCode, 200);
  });
});
