// The files API and the hosted PDF page with STORAGE_DRIVER=s3 (docs/codes.md, "Storage"), over
// HTTP against a real S3-compatible server on loopback (test/support/s3-server.ts), on SQLite and
// PostgreSQL: uploads land in the bucket under S3_KEY_PREFIX, the page streams them back, and a
// refused or failed upload leaves neither an object nor a row.
import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { createHarness, call, expectProblem, seedTenant, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { createCode } from '../../support/codes.js';
import { s3Env, startS3Server, type S3Server } from '../../support/s3-server.js';
import { S3BlobStore } from '../../../src/platform/storage/s3-blob-store.js';

const started = await startS3Server();
const skip = 'skip' in started ? started.skip : undefined;
// Only read inside suites that run, i.e. when a server was started.
const s3 = started as S3Server;
after(async () => {
  if (!skip) await s3.close();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n' + 'q'.repeat(3000) + '\ntrailer<<>>\n%%EOF\n');
const pdfUpload = { name: 'Menü.pdf', content_type: 'application/pdf', data: PDF.toString('base64') };

forEachDialect('files on S3-compatible storage', (dialect) => {
  // A skipped test (not a skipped suite) so the runner's count shows it.
  if (skip) return void it('runs against an S3-compatible server', { skip }, () => {});
  let other: Tenant;
  let env: Record<string, string>;
  let prefix: string;
  let base: string;
  let bucket: S3BlobStore;
  before(() => {
    env = s3Env(s3);
    prefix = env.S3_KEY_PREFIX;
  });
  // Registered before useHarness's, so the bucket client closes before the app, as it always did.
  after(() => {
    bucket?.close();
  });
  const { h, t } = useHarness(dialect, () => ({
    env: { ...env, FILE_MAX_BYTES: '4096', SCAN_FLUSH_MS: '60000' },
    tenant: 'pro',
  }));
  before(async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    other = await seedTenant(h, 'pro');
    bucket = new S3BlobStore(h.config.storage.s3!);
  });

  const upload = (tenant: Tenant, body: Record<string, unknown>) =>
    call(h, { method: 'POST', url: '/v1/files', tenant, body });
  const fileRows = async () =>
    (await h.db.selectFrom('files').select('id').where('workspace_id', '=', t.workspaceId).execute()).length;

  it('an upload lands in the bucket, and the PDF page streams it back with its type and size', async () => {
    const up = await upload(t, pdfUpload);
    assert.equal(up.statusCode, 201, up.body);
    const file = up.json.data;
    assert.equal(file.size, PDF.length);
    assert.deepEqual(await s3.keys(prefix), [`${prefix}${t.workspaceId}/${file.id}`]);
    assert.equal((await call(h, { url: `/v1/files/${file.id}`, tenant: t })).json.data.sha256, file.sha256);

    const object = (await bucket.open(`${t.workspaceId}/${file.id}`))!;
    object.stream.destroy();
    assert.equal(object.contentType, 'application/pdf', 'the object in the bucket carries its type');

    const c = await createCode(h, t, { type: 'pdf', content: { file_id: file.id, title: 'Menu' } });
    const res = await fetch(`${base}/r/${c.short_code}/file`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/pdf');
    assert.equal(res.headers.get('content-length'), String(PDF.length));
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.match(
      String(res.headers.get('content-disposition')),
      /^inline; filename="Men_.pdf"; filename\*=UTF-8''Men%C3%BC.pdf$/,
    );
    assert.deepEqual(Buffer.from(await res.arrayBuffer()), PDF);

    const head = await fetch(`${base}/r/${c.short_code}/file`, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('content-length'), String(PDF.length));
  });

  it('a refused upload is a 422 with a pointer and puts nothing in the bucket', async () => {
    const keys = await s3.keys(prefix);
    const rows = await fileRows();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...pdfUpload, data: Buffer.concat([PDF, Buffer.alloc(2000)]).toString('base64') }, '/data', 'too_large'],
      [{ ...pdfUpload, data: Buffer.from('<html>').toString('base64') }, '/data', 'type_mismatch'],
      [{ ...pdfUpload, content_type: 'image/svg+xml' }, '/content_type', ''],
    ];
    for (const [body, pointer, code] of cases) {
      const problem = expectProblem(await upload(t, body), 422, 'validation-error');
      assert.equal(problem.errors[0].pointer, pointer);
      if (code) assert.equal(problem.errors[0].code, code);
    }
    assert.deepEqual(await s3.keys(prefix), keys, 'no object left behind');
    assert.equal(await fileRows(), rows, 'no row');
  });

  it("another workspace's file is a 404, and its page serves only its own bytes", async () => {
    const theirs = (await upload(other, pdfUpload)).json.data;
    expectProblem(await call(h, { url: `/v1/files/${theirs.id}`, tenant: t }), 404, 'not-found');
    assert.ok((await s3.keys(`${prefix}${other.workspaceId}/`)).includes(`${prefix}${other.workspaceId}/${theirs.id}`));
    assert.deepEqual(await s3.keys(`${prefix}${t.workspaceId}/${theirs.id}`), [], 'kept under its own workspace');
  });

  it('a file missing from the bucket is the 404 page, not an error', async () => {
    const file = (await upload(t, pdfUpload)).json.data;
    const c = await createCode(h, t, { type: 'pdf', content: { file_id: file.id } });
    await bucket.delete(`${t.workspaceId}/${file.id}`);
    const res = await fetch(`${base}/r/${c.short_code}/file`);
    assert.equal(res.status, 404);
    assert.match(String(res.headers.get('content-type')), /^text\/html/);
  });

  it('with the bucket unreachable an upload fails whole: a 500 problem, no row', async () => {
    const down = await createHarness(dialect, { ...env, S3_ENDPOINT: 'http://127.0.0.1:9' });
    try {
      const u = await seedTenant(down, 'pro');
      const res = await call(down, { method: 'POST', url: '/v1/files', tenant: u, body: pdfUpload });
      assert.equal(res.statusCode, 500, res.body);
      assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
      const rows = await down.db.selectFrom('files').select('id').where('workspace_id', '=', u.workspaceId).execute();
      assert.equal(rows.length, 0);
    } finally {
      await down.close();
    }
  });
});
