// The shared image helper on a probe route, independent of any feature: headers, conditional
// GET, option errors and the route factory. Feature routes are tested in code-images.test.ts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from 'typebox';
import { call, expectProblem } from '../support/harness.js';
import { sqlite, useHarness } from '../support/suite.js';
import { qrImageRoutes, safeFileName } from '../../src/features/code-images/qr-image.routes.js';
import { etagMatches } from '../../src/http/etag.js';
import { notFound } from '../../src/http/errors.js';
import { decodePng, missingTools } from '../support/decode.js';

const PAYLOAD = 'https://qrs.test/r/Probe123';

describe('qr.http helpers', () => {
  it('matches If-None-Match lists, * and weak tags', () => {
    assert.equal(etagMatches(undefined, '"a"'), false);
    assert.equal(etagMatches('"b", "a"', '"a"'), true);
    assert.equal(etagMatches('W/"a"', '"a"'), true);
    assert.equal(etagMatches('"a"', 'W/"a"'), true);
    assert.equal(etagMatches('*', '"a"'), true);
    assert.equal(etagMatches('"ab"', '"a"'), false);
  });

  it('keeps file names to a safe ASCII set', () => {
    assert.equal(safeFileName('qr_01ABC'), 'qr_01ABC');
    assert.equal(safeFileName('Akku "Pack"\r\n/..'), 'Akku_Pack_..');
    assert.equal(safeFileName('…'), 'qr');
  });
});

// One dialect is enough: the helper touches no table.
describe('qr.http on a probe route [sqlite]', () => {
  const { h, t } = useHarness(sqlite, {
    routes: (app) =>
      qrImageRoutes(app, {
        images: app.images,
        path: '/v1/probe-qr/:id/qr',
        params: Type.Object({ id: Type.String() }),
        permission: 'codes.read',
        tags: ['probe'],
        operationId: 'getProbeQr',
        subject: 'a probe',
        load: async ({ id }) => {
          if (id === 'big') return { payload: 'x'.repeat(2500), defaults: {}, fileName: 'big' };
          if (id !== 'one') throw notFound('Probe');
          return {
            payload: PAYLOAD,
            defaults: { margin: 2, brandColor: '#FFFF00' },
            fileName: 'probe one',
            title: 'Probe',
          };
        },
      }),
  });

  it('registers four routes with operation ids and sends the image with its headers', async () => {
    const spec = h.app.swagger() as any;
    for (const ext of ['svg', 'png', 'pdf', 'eps']) {
      const op = spec.paths[`/v1/probe-qr/{id}/qr.${ext}`]?.get;
      assert.ok(op, ext);
      assert.match(op.operationId, /^getProbeQr(Svg|Png|Pdf|Eps)$/);
    }
    const res = await call(h, { url: '/v1/probe-qr/one/qr.png', tenant: t });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'image/png');
    assert.equal(res.headers['content-disposition'], 'inline; filename="probe_one.png"');
    assert.equal(res.headers['cache-control'], 'private, max-age=300');
    assert.match(String(res.headers.etag), /^"[A-Za-z0-9_-]{32}"$/);
    // margin 2 from the defaults: the quiet-zone warning
    assert.match(String(res.headers.warning), /^199 qrs "Quiet zone of 2 modules/);
    const skip = missingTools('zbarimg');
    if (!skip) assert.equal(await decodePng(res.rawPayload), PAYLOAD);
  });

  it('uses a strong tag for PDF too and answers 304 to it', async () => {
    const res = await call(h, { url: '/v1/probe-qr/one/qr.pdf', tenant: t });
    assert.match(String(res.headers.etag), /^"/);
    const again = await call(h, {
      url: '/v1/probe-qr/one/qr.pdf',
      tenant: t,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    assert.equal(again.statusCode, 304);
    assert.equal(again.rawPayload.length, 0);
  });

  it('a yellow brand colour is not used on white (too little contrast)', async () => {
    const res = await call(h, { url: '/v1/probe-qr/one/qr.svg', tenant: t });
    assert.match(res.body, /<path fill="#000000"/);
  });

  it('answers 422 when the payload does not fit at the asked level, and renders at a lower one', async () => {
    // 2,500 bytes: over version 40-H's 1,273, under 40-L's 2,953.
    const res = await call(h, { url: '/v1/probe-qr/big/qr.svg?ecc=H', tenant: t });
    const p = expectProblem(res, 422, 'validation-error');
    assert.deepEqual(
      p.errors.map((e: any) => [e.pointer, e.code]),
      [['/query/ecc', 'capacity']],
    );
    assert.equal((await call(h, { url: '/v1/probe-qr/big/qr.svg?ecc=L', tenant: t })).statusCode, 200);
  });

  it('lets the loader decide 404 and auth decide 401', async () => {
    expectProblem(await call(h, { url: '/v1/probe-qr/two/qr.svg', tenant: t }), 404, 'not-found');
    expectProblem(await call(h, { url: '/v1/probe-qr/one/qr.svg' }), 401, 'authentication');
  });
});
