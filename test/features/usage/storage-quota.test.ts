// The security review's RES-1: a fresh Free sign-up stored 48 MB in 19 s of files and logos. Per-plan storage
// quotas (docs/decisions.md D60): a 403 plan-limit-exceeded past the organization's files, logos or
// bytes, with nothing stored, and the usage report shows them.
import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, expectProblem, seedTenant, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';

const pdf = (size: number) => {
  const head = '%PDF-1.4\n';
  return Buffer.from(head + 'q'.repeat(size - head.length));
};
const fileBody = (size = 1_000) => ({
  name: 'a.pdf',
  content_type: 'application/pdf',
  data: pdf(size).toString('base64'),
});
const svg = (n: number) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="${n % 5}" fill="#123456"/></svg>`,
  ).toString('base64');
const logoBody = (n = 1) => ({ content_type: 'image/svg+xml', data: svg(n) });

forEachDialect('storage quotas', (dialect) => {
  const dir = mkdtempSync(join(tmpdir(), 'qrs-quota-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const { h } = useHarness(dialect, {
    env: {
      STORAGE_DIR: dir,
      PLANS_JSON: JSON.stringify({ free: { maxFiles: 3, maxLogos: 2, maxStorageBytes: 10_000 }, pro: { maxFiles: 2 } }),
    },
    tenant: false,
  });

  const upload = (t: Tenant, body: Record<string, unknown>) =>
    call(h, { method: 'POST', url: '/v1/files', tenant: t, body });
  const logo = (t: Tenant, body: Record<string, unknown>) =>
    call(h, { method: 'POST', url: '/v1/logos', tenant: t, body });
  const stored = async (t: Tenant) => ({
    files: (await h.db.selectFrom('files').select('id').where('organization_id', '=', t.organizationId).execute())
      .length,
    logos: (await h.db.selectFrom('logos').select('id').where('organization_id', '=', t.organizationId).execute())
      .length,
    blobs: existsSync(join(dir, t.workspaceId))
      ? readdirSync(join(dir, t.workspaceId)).filter((f) => !f.includes('.')).length
      : 0,
    audit: (await h.db.selectFrom('audit_logs').select('id').where('organization_id', '=', t.organizationId).execute())
      .length,
  });
  const usage = async (t: Tenant) => (await call(h, { url: '/v1/organizations/usage', tenant: t })).json.data.storage;
  const refused = (res: Awaited<ReturnType<typeof call>>, meter: string, limit: number) => {
    const p = expectProblem(res, 403, 'plan-limit-exceeded');
    assert.equal(p.plan, 'free');
    assert.equal(p.limit, limit);
    assert.equal(p.meter, meter);
    assert.match(p.detail, /free plan allows/);
  };

  it('files past the plan count are a 403 and store neither row nor bytes', async () => {
    const t = await seedTenant(h, 'free');
    for (let i = 0; i < 3; i++) assert.equal((await upload(t, fileBody(500))).statusCode, 201);
    const before = await stored(t);
    assert.deepEqual({ files: before.files, blobs: before.blobs }, { files: 3, blobs: 3 });
    refused(await upload(t, fileBody(500)), 'files', 3);
    assert.deepEqual(await stored(t), before, 'nothing stored, nothing audited');
    const s = await usage(t);
    assert.deepEqual(s.files, { used: 3, limit: 3, usage_pct: 100, remaining: 0 });
    assert.deepEqual(s.bytes, { used: 1_500, limit: 10_000, usage_pct: 15, remaining: 8_500 });
  });

  it('bytes past the quota are a 403 whether the last upload is a file or a logo', async () => {
    const t = await seedTenant(h, 'free');
    assert.equal((await upload(t, fileBody(9_000))).statusCode, 201);
    const before = await stored(t);
    refused(await upload(t, fileBody(1_001)), 'storage_bytes', 10_000);
    const big = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><title>${'x'.repeat(1_200)}</title><circle cx="5" cy="5" r="5"/></svg>`,
    ).toString('base64');
    refused(await logo(t, { content_type: 'image/svg+xml', data: big }), 'storage_bytes', 10_000);
    assert.deepEqual(await stored(t), before);
    assert.equal((await upload(t, fileBody(1_000))).statusCode, 201, 'exactly the quota fits');
  });

  it('logos past the library count are a 403; a deleted logo frees its place but keeps its bytes', async () => {
    const t = await seedTenant(h, 'free');
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await logo(t, logoBody(i));
      assert.equal(res.statusCode, 201, res.body);
      ids.push(res.json.data.id);
    }
    const before = await stored(t);
    refused(await logo(t, logoBody(3)), 'logos', 2);
    assert.deepEqual(await stored(t), before);
    const bytes = (await usage(t)).bytes.used;
    assert.ok(bytes > 0);
    assert.equal((await call(h, { method: 'DELETE', url: `/v1/logos/${ids[0]}`, tenant: t })).statusCode, 200);
    assert.deepEqual((await usage(t)).logos, { used: 1, limit: 2, usage_pct: 50, remaining: 1 });
    assert.equal((await usage(t)).bytes.used, bytes, 'a deleted logo stays stored for the codes that draw it');
    assert.equal((await logo(t, logoBody(4))).statusCode, 201);
  });

  it('concurrent uploads at the edge: exactly the quota passes', async () => {
    const t = await seedTenant(h, 'free');
    const answers = await Promise.all(Array.from({ length: 6 }, () => upload(t, fileBody(300))));
    assert.deepEqual(
      answers.map((r) => r.statusCode).sort(),
      [201, 201, 201, 403, 403, 403],
      answers.map((r) => r.body).join('\n'),
    );
    const s = await stored(t);
    assert.deepEqual({ files: s.files, blobs: s.blobs }, { files: 3, blobs: 3 });
  });

  it("the quota is the organization's: another one uploads while this one is full, and sees nothing of it", async () => {
    const a = await seedTenant(h, 'free');
    const b = await seedTenant(h, 'pro');
    for (let i = 0; i < 3; i++) assert.equal((await upload(a, fileBody(200))).statusCode, 201);
    refused(await upload(a, fileBody(200)), 'files', 3);
    const res = await upload(b, fileBody(200));
    assert.equal(res.statusCode, 201);
    assert.deepEqual((await usage(b)).files, { used: 1, limit: 2, usage_pct: 50, remaining: 1 });
    assert.equal((await call(h, { url: `/v1/files/${res.json.data.id}`, tenant: a })).statusCode, 404);
  });
});

// The attack as it was run, on the default Free plan: logo after logo from a fresh sign-up.
forEachDialect('storage quotas, default Free plan', (dialect) => {
  const { h, t } = useHarness(dialect, { tenant: 'free' });
  let limit: number;
  before(() => {
    limit = h.config.plans.free.maxLogos!;
  });

  it('a fresh Free organization cannot fill the store with logos', async () => {
    for (let i = 0; i < limit; i++) {
      const res = await call(h, { method: 'POST', url: '/v1/logos', tenant: t, body: logoBody(i) });
      assert.equal(res.statusCode, 201, res.body);
    }
    const p = expectProblem(
      await call(h, { method: 'POST', url: '/v1/logos', tenant: t, body: logoBody(99) }),
      403,
      'plan-limit-exceeded',
    );
    assert.equal(p.limit, limit);
    const rows = await h.db.selectFrom('logos').select('id').where('workspace_id', '=', t.workspaceId).execute();
    assert.equal(rows.length, limit);
    const s = (await call(h, { url: '/v1/organizations/usage', tenant: t })).json.data.storage;
    assert.equal(s.bytes.limit, 25 * 1024 * 1024);
    assert.equal(s.files.limit, 10);
  });
});
