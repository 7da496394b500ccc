import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ScanBuffer, type ScanRecord } from '../../src/features/scans/scan-buffer.js';
import { SCAN_COLUMNS, type CounterDelta } from '../../src/features/scans/scans.repo.js';

const quiet = { error() {} } as never;
const scan = (i: number, bot = false): ScanRecord => ({
  codeId: `qr_${i % 2}`, shortCode: `code${i % 2}xx`, workspaceId: 'ws_1', organizationId: 'org_1', at: '2026-11-21T10:00:00.000Z', atMs: Date.parse('2026-11-21T10:00:00.000Z'),
  country: null, device: null, os: null, browser: null, referrer: null, language: null, bot, ipHash: null, destination: null,
});

// The buffer against a writer that fails: nothing is lost, counters stay pending until written.
describe('ScanBuffer', () => {
  it('keeps a failed batch and writes it on the next flush, in order, with its counter deltas', async () => {
    const written: Array<{ ids: string[]; delta: CounterDelta }> = [];
    let fail = true;
    const buffer = new ScanBuffer({} as never, quiet, 60_000, 3, async (values, delta) => {
      if (fail) throw new Error('database down');
      written.push({ ids: values.filter((_, i) => i % SCAN_COLUMNS.length === 0) as string[], delta });
    });
    for (let i = 0; i < 5; i++) buffer.record(scan(i, i === 4));
    await assert.rejects(buffer.flush(), /database down/);
    assert.equal(buffer.size, 5);
    assert.equal(buffer.pendingForCode('code0xx'), 2, 'bots are not counted');
    assert.equal(buffer.pendingForOrganization('org_1', '2026-11'), 4);
    fail = false;
    await buffer.flush();
    assert.equal(buffer.size, 0);
    assert.deepEqual(written.map((w) => w.ids.length), [3, 2]);
    const ids = written.flatMap((w) => w.ids);
    assert.deepEqual(ids, [...ids].sort(), 'scan ids ascend in recording order');
    assert.deepEqual([...written[0].delta.codes], [['qr_0', 2], ['qr_1', 1]]);
    assert.deepEqual([...written[1].delta.usage.values()], [{ organizationId: 'org_1', period: '2026-11', scans: 1 }]);
    assert.equal(buffer.pendingForCode('code0xx'), 0);
    assert.equal(buffer.pendingForOrganization('org_1', '2026-11'), 0);
    await buffer.close();
  });

  it('close() writes what is left', async () => {
    let n = 0;
    const buffer = new ScanBuffer({} as never, quiet, 60_000, 1_000, async (values) => { n += values.length / SCAN_COLUMNS.length; });
    for (let i = 0; i < 10; i++) buffer.record(scan(i));
    await buffer.close();
    assert.equal(n, 10);
  });
});
