// Heavy requests (docs/security.md) on every dialect: a 1,000-code PDF export is drawn on a
// worker thread while the event loop stays free, a workspace runs a bounded number of exports at
// once, and an export costs the caller's rate budget by size. The output is still read with zbar.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, seedTenant, type Harness, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { decodePdfPage, missingTools } from '../../support/decode.js';
import { TestClock } from '../../support/clock.js';
import { watchLoop } from '../../support/event-loop.js';

async function codesOf(h: Harness, t: Tenant, n: number): Promise<Array<{ id: string; short_url: string }>> {
  const res = await call(h, {
    method: 'POST',
    url: '/v1/codes/batch',
    tenant: t,
    body: {
      codes: Array.from({ length: n }, (_, i) => ({
        type: 'url',
        url: `https://example.com/item/${i}`,
        title: `Item ${i}`,
      })),
    },
  });
  assert.equal(res.statusCode, 201, res.body.slice(0, 300));
  return res.json.data;
}

const exportPdf = (h: Harness, t: Tenant, ids: string[]) =>
  call(h, { method: 'POST', url: '/v1/codes/export', tenant: t, body: { ids } });

forEachDialect('PDF export off the event loop', (dialect) => {
  const { h } = useHarness(dialect, { env: { EXPORT_CONCURRENCY_PER_WORKSPACE: '1' }, tenant: false });

  it('a 1,000-code export never holds the event loop for 100 ms, and every label still scans', async (tc) => {
    const t = await seedTenant(h, 'business');
    const codes = await codesOf(h, t, 1000);
    await exportPdf(h, t, [codes[0].id]); // the worker thread starts once; the measured run is a steady one
    // The machine's own scheduling noise (2 cores shared with other work) is measured over an idle
    // period as long as the export and allowed on top of the 100 ms budget. On a busy machine a
    // run can still catch a noisy moment, so up to 3 runs are made and one must stay within its
    // budget; an export that blocks the loop (5.5 s before this fix) fails every one.
    let res;
    const runs: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const busy = await watchLoop(() =>
        exportPdf(
          h,
          t,
          codes.map((c) => c.id),
        ),
      );
      const idle = await watchLoop(() => new Promise((r) => setTimeout(r, busy.took)));
      res = busy.result;
      assert.equal(res.statusCode, 200, res.body.slice(0, 300));
      assert.ok(busy.took > 200, 'the export did real work while the loop was watched');
      const budget = 100 + Math.max(idle.maxDelay, idle.worstGap);
      const worst = Math.max(busy.maxDelay, busy.worstGap);
      runs.push(
        `export ${busy.took.toFixed(0)} ms: loop delay max ${busy.maxDelay.toFixed(1)} ms, worst 5 ms timer gap ${busy.worstGap.toFixed(1)} ms, budget ${budget.toFixed(0)} ms (idle ${idle.maxDelay.toFixed(1)} / ${idle.worstGap.toFixed(1)} ms)`,
      );
      tc.diagnostic(runs[runs.length - 1]);
      if (worst < budget) break;
      if (attempt === 2) assert.fail(`the event loop was held beyond budget in every run:\n${runs.join('\n')}`);
    }
    res = res!;
    const skip = missingTools('pdfinfo', 'pdftoppm', 'zbarimg');
    if (skip) return tc.skip(skip);
    const first = codes
      .slice(0, 12)
      .map((c) => c.short_url)
      .sort();
    assert.deepEqual(await decodePdfPage(res.rawPayload, 1, first), first);
    const lastPage = codes
      .slice(996)
      .map((c) => c.short_url)
      .sort();
    assert.deepEqual(await decodePdfPage(res.rawPayload, 84, lastPage), lastPage);
  });

  it('a workspace runs its allowed exports at a time (here 1): one more is 429; other workspaces are not held up', async () => {
    const a = await seedTenant(h, 'business');
    const b = await seedTenant(h, 'business');
    const ids = (await codesOf(h, a, 300)).map((c) => c.id);
    const idsB = (await codesOf(h, b, 300)).map((c) => c.id);
    const [one, two, other] = await Promise.all([exportPdf(h, a, ids), exportPdf(h, a, ids), exportPdf(h, b, idsB)]);
    assert.equal(other.statusCode, 200, 'another workspace exports meanwhile');
    const statuses = [one.statusCode, two.statusCode].sort();
    assert.deepEqual(statuses, [200, 429]);
    const refused = one.statusCode === 429 ? one : two;
    const p = expectProblem(refused, 429, 'rate-limited');
    assert.match(p.detail, /already has 1 PDF exports in progress/);
    assert.equal(refused.headers['retry-after'], '10');
    // The slot is given back when the export ends, also for the other workspace.
    assert.equal((await exportPdf(h, a, ids.slice(0, 5))).statusCode, 200);
    const held = await h.db
      .selectFrom('export_slots')
      .select('slot')
      .where('workspace_id', 'in', [a.workspaceId, b.workspaceId])
      .execute();
    assert.deepEqual(held, []);
  });
});

forEachDialect('PDF export rate cost', (dialect) => {
  const fixed = new TestClock(Date.parse('2026-03-02T10:00:30Z'));
  const { h } = useHarness(dialect, { env: { RATE_LIMIT_BUSINESS: '10' }, clock: fixed, tenant: false });

  it('costs 1 request plus 1 per 50 codes; the budget then refuses with Retry-After', async () => {
    const t = await seedTenant(h, 'business');
    const ids = (await codesOf(h, t, 100)).map((c) => c.id); // 1 unit
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await exportPdf(h, t, ids); // 1 + 2 units each
      assert.equal(res.statusCode, 200, res.body.slice(0, 300));
      remaining.push(String(res.headers['x-ratelimit-remaining']));
    }
    assert.deepEqual(remaining, ['6', '3', '0']);
    const refused = await exportPdf(h, t, ids.slice(0, 1));
    expectProblem(refused, 429, 'rate-limited');
    assert.equal(refused.headers['retry-after'], '30');
  });

  it('an invalid export costs only the request itself', async () => {
    const t = await seedTenant(h, 'business');
    const bad = await exportPdf(
      h,
      t,
      Array.from({ length: 500 }, () => 'qr_missing'),
    );
    expectProblem(bad, 422, 'validation-error');
    assert.equal(bad.headers['x-ratelimit-remaining'], '9');
  });
});
