import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, expectProblem, seedTenant, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { UA, createCode, scan } from '../../support/codes.js';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const XSS = '<script>alert(1)</script>"><img src=x onerror=alert(2)>';

/** Every file under the store directory, so a test can see that nothing was left behind. */
function stored(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => d.name);
  } catch {
    return [];
  }
}

forEachDialect('content pages', (dialect) => {
  let other: Tenant;
  let dir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'qrs-files-'));
  });
  const { h, t } = useHarness(dialect, () => ({
    env: { SCAN_FLUSH_MS: '60000', STORAGE_DIR: dir, FILE_MAX_BYTES: '4096' },
    tenant: 'pro',
  }));
  before(async () => {
    other = await seedTenant(h, 'pro');
  });
  after(async () => {
    rmSync(dir, { recursive: true, force: true });
  });

  const upload = (tenant: Tenant, body: Record<string, unknown>) =>
    call(h, { method: 'POST', url: '/v1/files', tenant, body });
  const pdfUpload = { name: 'Speisekarte März.pdf', content_type: 'application/pdf', data: PDF.toString('base64') };
  const scansOf = async (codeId: string) => {
    await h.app.scans.flush();
    return h.db.selectFrom('scans').select(['destination', 'os']).where('code_id', '=', codeId).execute();
  };
  const countCodes = async () =>
    Number(
      (
        await h.db
          .selectFrom('codes')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('workspace_id', '=', t.workspaceId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('a PDF page: upload, hosted page, the file served inline, the scan recorded', async () => {
    const up = await upload(t, pdfUpload);
    assert.equal(up.statusCode, 201, up.body);
    const file = up.json.data;
    assert.match(file.id, /^fil_/);
    assert.equal(file.size, PDF.length);
    assert.equal(file.content_type, 'application/pdf');
    assert.equal((await call(h, { url: `/v1/files/${file.id}`, tenant: t })).json.data.sha256, file.sha256);

    const c = await createCode(h, t, { type: 'pdf', content: { file_id: file.id, title: 'Menu' } });
    assert.equal(c.dynamic, true);
    assert.ok(c.short_url.endsWith(`/r/${c.short_code}`));
    const res = await scan(h, c.short_code);
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/html/);
    assert.ok(res.body.includes('<html lang="en">') && res.body.includes('<h1>Menu</h1>'));
    assert.ok(res.body.includes(`href="/r/${c.short_code}/file"`));
    assert.ok(!/<script/i.test(res.body), 'script-free');

    const pdf = await call(h, { url: `/r/${c.short_code}/file` });
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    assert.equal(pdf.headers['x-content-type-options'], 'nosniff');
    // Served from the dashboard's origin: never sniffed; no CSP sandbox, which Chromium's PDF viewer refuses.
    assert.equal(pdf.headers['content-security-policy'], undefined);
    assert.match(
      String(pdf.headers['content-disposition']),
      /^inline; filename="Speisekarte M_rz.pdf"; filename\*=UTF-8''Speisekarte%20M%C3%A4rz.pdf$/,
    );
    assert.deepEqual(pdf.rawPayload, PDF);
    assert.deepEqual(
      await scansOf(c.id),
      [{ destination: null, os: 'iOS' }],
      'the page view is the scan; the file is not another',
    );
  });

  it('bad files are a 422 with a pointer and store nothing', async () => {
    const before = stored(dir).length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...pdfUpload, data: Buffer.from('<html><script>alert(1)</script>').toString('base64') }, '/data'],
      [{ ...pdfUpload, data: Buffer.concat([PDF, Buffer.alloc(5000)]).toString('base64') }, '/data'],
      [{ ...pdfUpload, content_type: 'text/html' }, '/content_type'],
      [{ ...pdfUpload, data: 'not base64!' }, '/data'],
      [{ ...pdfUpload, name: 'a"b.pdf' }, '/name'],
    ];
    for (const [body, pointer] of cases) {
      const res = await upload(t, body);
      const problem = expectProblem(res, 422, 'validation-error');
      assert.equal(problem.errors[0].pointer, pointer, res.body);
    }
    assert.equal(stored(dir).length, before, 'no bytes left behind');
    const rows = await h.db.selectFrom('files').select('id').where('workspace_id', '=', t.workspaceId).execute();
    assert.equal(rows.length, 1, 'only the good upload of the first test');
  });

  it("another workspace's file is unknown: 404 on read, 422 when a page names it", async () => {
    const theirs = (await upload(other, pdfUpload)).json.data;
    expectProblem(await call(h, { url: `/v1/files/${theirs.id}`, tenant: t }), 404, 'not-found');
    const before = await countCodes();
    const res = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: { type: 'pdf', content: { file_id: theirs.id } },
    });
    assert.equal(expectProblem(res, 422, 'validation-error').errors[0].pointer, '/content/file_id');
    assert.equal(await countCodes(), before, 'nothing stored');
  });

  it('a link list escapes everything it shows and refuses javascript: links', async () => {
    const c = await createCode(h, t, {
      type: 'links',
      content: {
        title: `Shop ${XSS}`,
        description: XSS,
        links: [
          { label: XSS, url: 'https://shop.example.com/?q=%22%3E%3Cscript%3E' },
          { label: 'Blog', url: 'https://blog.example.com/' },
        ],
      },
    });
    const res = await scan(h, c.short_code);
    assert.equal(res.statusCode, 200);
    assert.ok(!/<script|<img|onerror=alert\(2\)>/i.test(res.body.replace(/&lt;script&gt;/g, '')), res.body);
    assert.ok(res.body.includes('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(2)&gt;'));
    assert.ok(res.body.includes('href="https://shop.example.com/?q=%22%3E%3Cscript%3E"'), 'stored normalised');
    assert.ok(res.body.includes('href="https://blog.example.com/"'));

    const before = await countCodes();
    for (const [url, code] of [
      ['javascript:alert(1)', 'pattern'],
      ['https://qrs.test/r/abc', 'url_loop'],
    ]) {
      const bad = await call(h, {
        method: 'POST',
        url: '/v1/codes',
        tenant: t,
        body: { type: 'links', content: { title: 'x', links: [{ label: 'x', url }] } },
      });
      const problem = expectProblem(bad, 422, 'validation-error');
      assert.equal(problem.errors[0].pointer, '/content/links/0/url', bad.body);
      assert.equal(problem.errors[0].code, code);
    }
    assert.equal(await countCodes(), before);
  });

  it('a vCard page offers the .vcf, speaks German to German visitors, and is editable after printing', async () => {
    const c = await createCode(h, t, {
      type: 'vcard',
      dynamic: true,
      content: { first_name: 'Erika', last_name: 'Mustermann', phone: '+49 30 1234567', organization: 'ACME' },
    });
    assert.equal(c.dynamic, true);
    let res = await scan(h, c.short_code, { 'accept-language': 'de-DE,de;q=0.9' });
    assert.equal(res.statusCode, 200);
    assert.ok(res.body.includes('<html lang="de">') && res.body.includes('Zu Kontakten hinzufügen'));
    assert.ok(res.body.includes('href="tel:+49301234567"'));
    const vcf = await call(h, { url: `/r/${c.short_code}/contact.vcf` });
    assert.equal(vcf.statusCode, 200);
    assert.match(String(vcf.headers['content-type']), /^text\/vcard/);
    assert.match(String(vcf.headers['content-disposition']), /^attachment/);
    assert.match(vcf.body, /^BEGIN:VCARD\r?\n/);
    assert.ok(vcf.body.includes('Mustermann'));

    const patched = await call(h, {
      method: 'PATCH',
      url: `/v1/codes/${c.id}`,
      tenant: t,
      body: { content: { first_name: 'Erika', last_name: 'Musterfrau', phone: '+49 30 1234567' } },
    });
    assert.equal(patched.statusCode, 200, patched.body);
    assert.equal(patched.json.data.short_code, c.short_code, 'the printed code stays');
    res = await scan(h, c.short_code);
    assert.ok(res.body.includes('Erika Musterfrau') && !res.body.includes('Mustermann'));
    assert.ok((await call(h, { url: `/r/${c.short_code}/contact.vcf` })).body.includes('Musterfrau'));
    assert.equal((await call(h, { url: `/r/${c.short_code}/file` })).statusCode, 404, 'not a pdf page');
  });

  it('an app page sends phones to their store and shows both to everyone else', async () => {
    const c = await createCode(h, t, {
      type: 'app',
      content: {
        name: 'Acme',
        app_store_url: 'https://apps.apple.com/app/id123',
        play_store_url: 'https://play.google.com/store/apps/details?id=com.acme',
      },
    });
    let res = await scan(h, c.short_code, { 'user-agent': UA.iphone });
    assert.equal(res.statusCode, 302);
    assert.equal(res.headers.location, 'https://apps.apple.com/app/id123');
    res = await scan(h, c.short_code, { 'user-agent': ANDROID });
    assert.equal(res.headers.location, 'https://play.google.com/store/apps/details?id=com.acme');
    res = await scan(h, c.short_code, { 'user-agent': UA.desktop });
    assert.equal(res.statusCode, 200);
    assert.ok(res.body.includes('https://apps.apple.com/app/id123') && res.body.includes('Google Play'));
    const scans = await scansOf(c.id);
    assert.deepEqual(
      scans.map((s) => s.destination).sort(),
      [null, 'https://apps.apple.com/app/id123', 'https://play.google.com/store/apps/details?id=com.acme'].sort(),
    );
    const bad = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: { type: 'app', content: { name: 'x', app_store_url: 'https://evil.example.com/app' } },
    });
    assert.equal(expectProblem(bad, 422, 'validation-error').errors[0].pointer, '/content/app_store_url');
  });

  it('a text page; paused pages answer 410 and so do their downloads', async () => {
    const c = await createCode(h, t, {
      type: 'text',
      dynamic: true,
      title: 'Hinweis',
      content: { text: 'Line 1\nLine 2' },
    });
    let res = await scan(h, c.short_code);
    assert.ok(res.body.includes('<h1>Hinweis</h1>') && res.body.includes('Line 1\nLine 2'));
    const v = await createCode(h, t, { type: 'vcard', dynamic: true, content: { full_name: 'A B' } });
    for (const id of [c.id, v.id])
      assert.equal(
        (await call(h, { method: 'PATCH', url: `/v1/codes/${id}`, tenant: t, body: { status: 'paused' } })).statusCode,
        200,
      );
    res = await scan(h, c.short_code);
    assert.equal(res.statusCode, 410);
    assert.equal((await call(h, { url: `/r/${v.short_code}/contact.vcf` })).statusCode, 410);
  });

  it('what a page cannot be: static links, dynamic email, a page with a password or rules', async () => {
    const before = await countCodes();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        {
          type: 'links',
          dynamic: false,
          content: { title: 'x', links: [{ label: 'a', url: 'https://a.example/' }] },
        },
        '/dynamic',
        'dynamic_only',
      ],
      [{ type: 'email', dynamic: true, content: { to: 'a@example.com' } }, '/dynamic', 'static_only'],
      [{ type: 'text', dynamic: true, content: { text: 'x' }, password: 'secret12' }, '/password', 'not_allowed'],
      [
        {
          type: 'vcard',
          dynamic: true,
          content: { full_name: 'x' },
          rules: [{ when: { os: ['ios'] }, url: 'https://a.example/' }],
        },
        '/rules',
        'not_allowed',
      ],
      [{ type: 'pdf', content: { file_id: 'fil_nope' } }, '/content/file_id', 'unknown_file'],
    ];
    for (const [body, pointer, code] of cases) {
      const res = await call(h, { method: 'POST', url: '/v1/codes', tenant: t, body });
      const problem = expectProblem(res, 422, 'validation-error');
      assert.ok(
        problem.errors.some((e: { pointer: string; code: string }) => e.pointer === pointer && e.code === code),
        res.body,
      );
    }
    assert.equal(await countCodes(), before);
  });

  it('another workspace cannot read or change a page code', async () => {
    const c = await createCode(h, t, { type: 'text', dynamic: true, content: { text: 'mine' } });
    expectProblem(await call(h, { url: `/v1/codes/${c.id}`, tenant: other }), 404, 'not-found');
    const res = await call(h, {
      method: 'PATCH',
      url: `/v1/codes/${c.id}`,
      tenant: other,
      body: { content: { text: 'theirs' } },
    });
    expectProblem(res, 404, 'not-found');
    assert.ok((await scan(h, c.short_code)).body.includes('mine'));
  });
});
