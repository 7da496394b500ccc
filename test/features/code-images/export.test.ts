// POST /v1/codes/export through HTTP on every dialect: the PDF is checked with poppler and its
// pages read back with zbar, so page count, order and tenant isolation are what a printer gets.
import { it, before } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { call, expectProblem, seedTenant, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { decodePdfPage, missingTools, run, withTempDir } from '../../support/decode.js';

async function pdfPages(pdf: Buffer): Promise<{ pages: number; size: string }> {
  return withTempDir(async (dir) => {
    await writeFile(join(dir, 'x.pdf'), pdf);
    const info = (await run('pdfinfo', [join(dir, 'x.pdf')])).stdout.toString();
    return { pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]), size: /Page size:\s+(.*)/.exec(info)?.[1] ?? '' };
  });
}

forEachDialect('code export', (dialect) => {
  let other: Tenant;
  let codes: Array<{ id: string; short_url: string }>;
  let otherCodes: Array<{ id: string; short_url: string | null }>;
  const exportPdf = (body: unknown, tenant: Tenant | null = t, headers: Record<string, string> = {}) =>
    call(h, { method: 'POST', url: '/v1/codes/export', tenant: tenant ?? undefined, body, headers });

  const { h, t } = useHarness(dialect, { tenant: 'business' });
  before(async () => {
    other = await seedTenant(h, 'business');
    const batch = await call(h, {
      method: 'POST',
      url: '/v1/codes/batch',
      tenant: t,
      body: {
        codes: Array.from({ length: 30 }, (_, i) => ({
          type: 'url',
          url: `https://example.com/p/${i}`,
          title: `Pack ${i}`,
          tags: i < 5 ? ['five'] : [],
        })),
      },
    });
    assert.equal(batch.statusCode, 201, batch.body);
    codes = batch.json.data;
    const mine = await call(h, {
      method: 'POST',
      url: '/v1/codes/batch',
      tenant: other,
      body: {
        codes: [
          { type: 'url', url: 'https://example.com/other', tags: ['five'] },
          { type: 'text', content: { text: 'other' } },
        ],
      },
    });
    assert.equal(mine.statusCode, 201, mine.body);
    otherCodes = mine.json.data;
  });

  it('30 codes on A4 3×4 are 3 pages; page 1 holds the first 12 in the order asked', async (tc) => {
    const skip = missingTools('pdfinfo', 'pdftoppm', 'zbarimg');
    if (skip) return tc.skip(skip);
    const res = await exportPdf({ ids: codes.map((c) => c.id) });
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    assert.equal(res.headers['content-type'], 'application/pdf');
    assert.match(String(res.headers['content-disposition']), /^attachment; filename="qr-codes-\d{4}-\d\d-\d\d\.pdf"$/);
    assert.deepEqual(await pdfPages(res.rawPayload), { pages: 3, size: '595.28 x 841.89 pts (A4)' });
    const page1 = codes
      .slice(0, 12)
      .map((c) => c.short_url)
      .sort();
    assert.deepEqual(await decodePdfPage(res.rawPayload, 1, page1), page1);
    const page3 = codes
      .slice(24)
      .map((c) => c.short_url)
      .sort();
    assert.deepEqual(await decodePdfPage(res.rawPayload, 3, page3), page3);
  });

  it('a filter exports the same codes as the list, newest first, on the layout asked for', async (tc) => {
    const skip = missingTools('pdfinfo', 'pdftoppm', 'zbarimg');
    if (skip) return tc.skip(skip);
    const res = await exportPdf({
      filter: { tag: 'five' },
      layout: { page: 'Letter', columns: 2, rows: 2, caption: false },
    });
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    assert.deepEqual(await pdfPages(res.rawPayload), { pages: 2, size: '612 x 792 pts (letter)' });
    // newest first, as the list shows them; another tenant's code tagged "five" never appears
    const list = (await call(h, { url: '/v1/codes?tag=five', tenant: t })).json.data.map(
      (c: any) => c.short_url as string,
    );
    assert.deepEqual(
      [...list].sort(),
      codes
        .slice(0, 5)
        .map((c) => c.short_url)
        .sort(),
    );
    const [first, second] = [list.slice(0, 4).sort(), list.slice(4).sort()];
    assert.deepEqual(await decodePdfPage(res.rawPayload, 1, first), first);
    assert.deepEqual(await decodePdfPage(res.rawPayload, 2, second), second);
  });

  it('refuses more than 1,000 ids, and a filter matching more, before rendering anything', async () => {
    const ids = Array.from({ length: 1001 }, () => codes[0].id);
    const p = expectProblem(await exportPdf({ ids }), 422, 'validation-error');
    assert.deepEqual(
      p.errors.map((e: any) => [e.pointer, e.code]),
      [['/ids', 'maxItems']],
    );
    assert.match(p.errors[0].detail, /1000/);
    // 1,000 copies of one code are a valid export (labels are often printed several times)
    const full = await exportPdf({ ids: ids.slice(0, 1000) });
    assert.equal(full.statusCode, 200);
    if (!missingTools('pdfinfo')) assert.equal((await pdfPages(full.rawPayload)).pages, 84);
  });

  it('refuses a filter that matches more than 1,000 codes', async () => {
    const big = await seedTenant(h, 'business');
    const text = (i: number) => ({ type: 'text', content: { text: `label ${i}` } });
    const a = await call(h, {
      method: 'POST',
      url: '/v1/codes/batch',
      tenant: big,
      body: { codes: Array.from({ length: 1000 }, (_, i) => text(i)) },
    });
    assert.equal(a.statusCode, 201);
    const one = await call(h, { method: 'POST', url: '/v1/codes', tenant: big, body: text(1000) });
    assert.equal(one.statusCode, 201);
    const p = expectProblem(await exportPdf({ filter: { type: 'text' } }, big), 422, 'validation-error');
    assert.deepEqual(
      p.errors.map((e: any) => [e.pointer, e.code]),
      [['/filter', 'too_many']],
    );
    assert.match(p.detail, /matches 1001 codes; one export holds at most 1000/);
  });

  it('names each id that is not a live code of this workspace, and renders nothing', async () => {
    const deleted = codes[29];
    assert.equal((await call(h, { method: 'DELETE', url: `/v1/codes/${deleted.id}`, tenant: t })).statusCode, 200);
    const res = await exportPdf({ ids: [codes[0].id, otherCodes[0].id, codes[1].id, 'qr_nope', deleted.id] });
    const p = expectProblem(res, 422, 'validation-error');
    assert.deepEqual(
      p.errors.map((e: any) => [e.pointer, e.code]),
      [
        ['/ids/1', 'not_found'],
        ['/ids/3', 'not_found'],
        ['/ids/4', 'not_found'],
      ],
    );
    assert.ok(!res.body.includes('%PDF'));
    // and the other tenant cannot print ours, by id or by filter
    const theirs = expectProblem(await exportPdf({ ids: [codes[0].id] }, other), 422, 'validation-error');
    assert.equal(theirs.errors[0].pointer, '/ids/0');
  });

  it('checks the request shape: ids or filter, a layout with room, known fields; bad input changes nothing', async () => {
    const audit = async () =>
      Number(
        (
          await h.db
            .selectFrom('audit_logs')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('workspace_id', '=', t.workspaceId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const auditBefore = await audit();
    expectProblem(await exportPdf({}), 400, 'bad-request');
    expectProblem(await exportPdf({ layout: { columns: 2 } }), 400, 'bad-request');
    const both = expectProblem(await exportPdf({ ids: [codes[0].id], filter: {} }), 422, 'validation-error');
    assert.equal(both.errors[0].code, 'exclusive');
    const cramped = expectProblem(
      await exportPdf({ ids: [codes[0].id], layout: { columns: 10, rows: 20 } }),
      422,
      'validation-error',
    );
    assert.deepEqual(
      cramped.errors.map((e: any) => [e.pointer, e.code]),
      [['/layout', 'too_small']],
    );
    const cases: Array<[unknown, string]> = [
      [{ ids: [] }, '/ids'],
      [{ ids: [codes[0].id], layout: { page: 'A3' } }, '/layout/page'],
      [{ ids: [codes[0].id], layout: { rows: 0 } }, '/layout/rows'],
      [{ ids: [codes[0].id], extra: true }, '/extra'],
      [{ filter: { status: 'gone' } }, '/filter/status'],
      [{ filter: { type: 'url', tag: 'nothing-has-this' } }, '/filter'],
    ];
    for (const [body, pointer] of cases) {
      const p = expectProblem(await exportPdf(body), 422, 'validation-error');
      assert.equal(p.errors[0].pointer, pointer, JSON.stringify(body));
    }
    assert.equal(await audit(), auditBefore);
  });

  it('needs a key; an Idempotency-Key is accepted but a streamed PDF is not replayed', async () => {
    expectProblem(await exportPdf({ ids: [codes[0].id] }, null), 401, 'authentication');
    const key = crypto.randomUUID();
    const first = await exportPdf({ ids: [codes[0].id] }, t, { 'idempotency-key': key });
    const second = await exportPdf({ ids: [codes[0].id] }, t, { 'idempotency-key': key });
    assert.equal(first.statusCode, 200);
    assert.equal(second.statusCode, 200);
    assert.equal(second.headers['idempotent-replayed'], undefined);
    assert.ok(second.rawPayload.subarray(0, 5).equals(Buffer.from('%PDF-')));
  });
});
