// Code images through HTTP on every dialect: codes are created with POST /v1/codes, fetched in
// every format and read back by a real decoder, so the test holds the whole chain to the exact
// text a phone would see.
import { it, before } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, seedTenant, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { decodeEps, decodePdf, decodePng, decodeSvg, limit, missingTools } from '../../support/decode.js';

const FORMATS = ['svg', 'png', 'pdf', 'eps'] as const;
type Format = (typeof FORMATS)[number];

const decoders: Record<Format, (body: Buffer) => Promise<string>> = {
  svg: (b) => decodeSvg(b.toString('utf8')),
  png: decodePng,
  pdf: decodePdf,
  eps: (b) => decodeEps(b.toString('latin1')),
};

const CONTENT_TYPE: Record<Format, string> = {
  svg: 'image/svg+xml; charset=utf-8',
  png: 'image/png',
  pdf: 'application/pdf',
  eps: 'application/postscript',
};

/** Every code type with the exact text its symbol must hold, written out by hand (not by encodePayload). */
const STATIC_CODES: Array<{ body: Record<string, unknown>; payload: string }> = [
  { body: { type: 'url', dynamic: false, url: 'https://example.com/a?b=1' }, payload: 'https://example.com/a?b=1' },
  { body: { type: 'text', content: { text: 'Grüße, 世界' } }, payload: 'Grüße, 世界' },
  {
    body: { type: 'email', content: { to: 'ops@example.com', subject: 'Hi there', body: 'a&b' } },
    payload: 'mailto:ops@example.com?subject=Hi%20there&body=a%26b',
  },
  { body: { type: 'phone', content: { number: '+49 (30) 123-456' } }, payload: 'tel:+4930123456' },
  { body: { type: 'sms', content: { number: '+1 555 0100', message: 'STOP' } }, payload: 'SMSTO:+15550100:STOP' },
  {
    body: { type: 'wifi', content: { ssid: 'Cafe;Guest', encryption: 'WPA', password: 'pa:ss"1' } },
    payload: 'WIFI:T:WPA;S:Cafe\\;Guest;P:pa\\:ss\\"1;;',
  },
  {
    body: {
      type: 'vcard',
      content: { first_name: 'Ada', last_name: 'Lovelace', organization: 'Engines, Ltd', email: 'ada@example.com' },
    },
    payload:
      'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lovelace;Ada;;;\r\nFN:Ada Lovelace\r\nORG:Engines\\, Ltd\r\nEMAIL;TYPE=INTERNET:ada@example.com\r\nEND:VCARD\r\n',
  },
  { body: { type: 'geo', content: { lat: 52.5200066, lng: 13.404954 } }, payload: 'geo:52.5200066,13.404954' },
];

forEachDialect('code images', (dialect) => {
  const { h, t } = useHarness(dialect, { tenant: 'business' });
  let other: Tenant;
  const create = async (body: Record<string, unknown>, tenant = t) => {
    const res = await call(h, { method: 'POST', url: '/v1/codes', tenant, body });
    assert.equal(res.statusCode, 201, res.body);
    return res.json.data;
  };
  const image = (
    id: string,
    format: Format,
    query = '',
    headers: Record<string, string> = {},
    tenant: Tenant | null = t,
  ) => call(h, { url: `/v1/codes/${id}/qr.${format}${query}`, tenant: tenant ?? undefined, headers });

  before(async () => {
    other = await seedTenant(h, 'business');
  });

  it('every format of every code type decodes to exactly the intended payload', async (tc) => {
    const skip = missingTools('zbarimg', 'rsvg-convert', 'pdftoppm', 'gs');
    if (skip) return tc.skip(skip);
    const dynamic = await create({ type: 'url', url: 'https://example.com/landing', title: 'Dynamic' });
    assert.equal(dynamic.dynamic, true);
    assert.match(dynamic.short_url, /^http:\/\/qrs\.test\/r\/[0-9A-Za-z]{7,}$/);
    const cases = [{ id: dynamic.id, payload: dynamic.short_url as string }];
    for (const c of STATIC_CODES) cases.push({ id: (await create(c.body)).id, payload: c.payload });

    const run = limit();
    const results = await Promise.all(
      cases.flatMap(({ id, payload }) =>
        FORMATS.map((format) =>
          run(async () => {
            const res = await image(id, format);
            assert.equal(res.statusCode, 200, `${format}: ${res.body.slice(0, 200)}`);
            assert.equal(res.headers['content-type'], CONTENT_TYPE[format]);
            return { format, payload, decoded: await decoders[format](res.rawPayload) };
          }),
        ),
      ),
    );
    assert.equal(results.length, 36);
    for (const r of results) assert.equal(r.decoded, r.payload, `${r.format} of ${JSON.stringify(r.payload)}`);
  });

  it('names the file after the code (title, else short code, else id), inline or as an attachment', async () => {
    const code = await create({ type: 'text', content: { text: 'disposition' } });
    for (const format of FORMATS) {
      const res = await image(code.id, format);
      assert.equal(res.headers['content-disposition'], `inline; filename="${code.id}.${format}"`);
      assert.equal(res.headers['cache-control'], 'private, max-age=300');
    }
    const dl = await image(code.id, 'png', '?download=true');
    assert.equal(dl.headers['content-disposition'], `attachment; filename="${code.id}.png"`);
    const titled = await create({ type: 'text', content: { text: 't' }, title: 'Café menu / Größe 2!' });
    const named = await image(titled.id, 'pdf', '?download=true');
    assert.equal(named.headers['content-disposition'], 'attachment; filename="cafe-menu-grosse-2.pdf"');
    const dynamic = await create({ type: 'url', url: 'https://example.com/d' });
    const short = await image(dynamic.id, 'svg', '?download=true');
    assert.equal(short.headers['content-disposition'], `attachment; filename="${dynamic.short_code}.svg"`);
  });

  it('tags each rendering with an ETag and answers 304 to a matching If-None-Match', async () => {
    const code = await create({ type: 'text', content: { text: 'etag' } });
    const first = await image(code.id, 'svg');
    const etag = String(first.headers.etag);
    assert.match(etag, /^"[A-Za-z0-9_-]{32}"$/);
    assert.equal(String((await image(code.id, 'svg')).headers.etag), etag, 'stable for the same inputs');

    const notModified = await image(code.id, 'svg', '', { 'if-none-match': `"other", ${etag}` });
    assert.equal(notModified.statusCode, 304);
    assert.equal(notModified.body, '');
    assert.equal(notModified.headers.etag, etag);
    assert.equal((await image(code.id, 'svg', '', { 'if-none-match': '*' })).statusCode, 304);

    // A strong tag promises identical bytes, PDF included (fixed CreationDate).
    const pdfA = await image(code.id, 'pdf');
    const pdfB = await image(code.id, 'pdf');
    assert.match(String(pdfA.headers.etag), /^"[A-Za-z0-9_-]{32}"$/);
    assert.ok(pdfA.rawPayload.equals(pdfB.rawPayload), 'byte-identical PDFs');

    // Another format, other options, a changed style: each a different representation.
    assert.notEqual(String((await image(code.id, 'eps')).headers.etag), etag);
    const bigger = await image(code.id, 'svg', '?size=300', { 'if-none-match': etag });
    assert.equal(bigger.statusCode, 200);
    assert.notEqual(String(bigger.headers.etag), etag);
    const patched = await call(h, {
      method: 'PATCH',
      url: `/v1/codes/${code.id}`,
      tenant: t,
      body: { style: { foreground: '#123456' } },
    });
    assert.equal(patched.statusCode, 200, patched.body);
    const after = await image(code.id, 'svg', '', { 'if-none-match': etag });
    assert.equal(after.statusCode, 200);
    assert.match(after.body, /<path fill="#123456"/);
  });

  it('answers 422 for bad size, level and colours, and for colours that would not scan', async () => {
    const code = await create({ type: 'text', content: { text: 'options' } });
    const cases: Array<[string, string, string]> = [
      ['?size=8', '/query/size', 'minimum'],
      ['?size=big', '/query/size', 'type'],
      ['?ecc=X', '/query/ecc', 'enum'],
      ['?fg=red', '/query/fg', 'pattern'],
      ['?mm=2', '/query/mm', 'minimum'],
      ['?fg=%23777777&bg=%23888888', '/query/fg', 'contrast'],
      ['?bg=%23333333', '/query/bg', 'contrast'],
      ['?fg=%23FFFFFF&bg=%23000000', '/query/fg', 'inverted'],
    ];
    for (const [query, pointer, code_] of cases) {
      const p = expectProblem(await image(code.id, 'png', query), 422, 'validation-error');
      assert.deepEqual(
        p.errors.map((e: any) => [e.pointer, e.code]),
        [[pointer, code_]],
        query,
      );
    }
    const inverted = await image(code.id, 'png', '?fg=%23FFFFFF&bg=%23000000&invert=true');
    assert.equal(inverted.statusCode, 200);
    assert.match(String(inverted.headers.warning), /^199 qrs "Inverted code/);
  });

  it('warns about a quiet zone below 4 modules, from the query or the code style', async () => {
    const code = await create({
      type: 'text',
      content: { text: 'margin' },
      style: { margin: 1, error_correction: 'H' },
    });
    const res = await image(code.id, 'svg');
    assert.equal(res.statusCode, 200);
    assert.equal(
      res.headers.warning,
      '199 qrs "Quiet zone of 1 modules is below the 4 that ISO/IEC 18004 requires; some scanners may fail."',
    );
    assert.equal((await image(code.id, 'svg', '?margin=4')).headers.warning, undefined);
    assert.match(String((await image(code.id, 'svg', '?margin=0')).headers.warning), /Quiet zone of 0 modules/);
  });

  it('draws with the workspace primary colour when it keeps contrast, else black; a code style wins', async () => {
    const setBrand = (color: string | null) =>
      h.db.updateTable('workspaces').set({ primary_color: color }).where('id', '=', t.workspaceId).execute();
    const plain = await create({ type: 'text', content: { text: 'brand' } });
    const styled = await create({ type: 'text', content: { text: 'styled' }, style: { foreground: '#004400' } });
    try {
      await setBrand('#1A4D8F');
      assert.match((await image(plain.id, 'svg')).body, /<path fill="#1A4D8F"/);
      assert.match((await image(styled.id, 'svg')).body, /<path fill="#004400"/);
      assert.match((await image(plain.id, 'svg', '?fg=%23550000')).body, /<path fill="#550000"/);
      await setBrand('#FFD700'); // gold on white: 1.4:1, would not scan
      assert.match((await image(plain.id, 'svg')).body, /<path fill="#000000"/);
    } finally {
      await setBrand(null);
    }
  });

  it("another workspace's code and a deleted code are 404; no key is 401", async () => {
    const mine = await create({ type: 'text', content: { text: 'private' } });
    for (const format of FORMATS) {
      expectProblem(await image(mine.id, format, '', {}, other), 404, 'not-found');
      expectProblem(await image(mine.id, format, '', {}, null), 401, 'authentication');
    }
    expectProblem(await image('qr_00000000000000000000000000', 'svg'), 404, 'not-found');
    const del = await call(h, { method: 'DELETE', url: `/v1/codes/${mine.id}`, tenant: t });
    assert.equal(del.statusCode, 200);
    expectProblem(await image(mine.id, 'png'), 404, 'not-found');
  });

  it('bad image requests change nothing', async () => {
    const code = await create({ type: 'text', content: { text: 'unchanged' } });
    const audit = () =>
      h.db
        .selectFrom('audit_logs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('workspace_id', '=', t.workspaceId)
        .executeTakeFirstOrThrow();
    const before = Number((await audit()).n);
    const got = await call(h, { url: `/v1/codes/${code.id}`, tenant: t });
    await image(code.id, 'png', '?fg=%23777777&bg=%23888888');
    await image(code.id, 'png', '?size=1');
    await image(code.id, 'pdf');
    assert.equal(Number((await audit()).n), before);
    assert.deepEqual((await call(h, { url: `/v1/codes/${code.id}`, tenant: t })).json.data, got.json.data);
  });
});
