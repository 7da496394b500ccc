import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ScanBuffer } from '../../src/features/scans/scan-buffer.js';
import type { ScanBatch, ScanCode } from '../../src/features/scans/scan-batch.js';
import { expandBatch, SCAN_COLUMNS, type ScanRows } from '../../src/features/scans/scan-rows.js';
import { IpHasher } from '../../src/features/scans/ip-hash.js';
import { copyBatch } from '../../src/features/scans/scan-sql.js';

const quiet = { error() {} } as never;
const codes: ScanCode[] = [0, 1].map((i) => ({ codeId: `qr_${i}`, shortCode: `code${i}xx`, workspaceId: 'ws_1', organizationId: 'org_1' }));
const human = { device: 'mobile', os: 'iOS', browser: 'Mobile Safari', bot: false };
const bot = { device: 'bot', os: null, browser: null, bot: true };
const at = Date.parse('2026-11-21T10:00:00.000Z');
const record = (b: ScanBuffer, i: number, isBot = false, ms = at) =>
  b.record(codes[i % 2], ms, isBot ? bot : human, `10.0.0.${i % 3}`, 'en-us', null, null, 'https://example.com/');
const hasher = new IpHasher('test secret');
const ids = (rows: ScanRows) => rows.values.filter((_, i) => i % SCAN_COLUMNS.length === 0) as string[];

// The buffer against a writer that fails: nothing is lost, counters stay pending until written.
describe('ScanBuffer', () => {
  it('keeps a failed batch and writes it on the next flush, in order, with its counter deltas', async () => {
    const written: ScanRows[] = [];
    let fail = true;
    const buffer = new ScanBuffer(async (batch: ScanBatch) => {
      if (fail) throw new Error('database down');
      written.push(expandBatch(batch, hasher));
    }, quiet, 60_000, 3);
    for (let i = 0; i < 5; i++) record(buffer, i, i === 4);
    await assert.rejects(buffer.flush(), /database down/);
    assert.equal(buffer.size, 5);
    assert.equal(buffer.pendingForCode('code0xx'), 2, 'bots are not counted');
    assert.equal(buffer.pendingForOrganization('org_1', '2026-11'), 4);
    fail = false;
    await buffer.flush();
    assert.equal(buffer.size, 0);
    assert.deepEqual(written.map((w) => w.count), [3, 2]);
    const all = written.flatMap(ids);
    assert.deepEqual(all, [...all].sort(), 'scan ids ascend in recording order');
    assert.deepEqual(written[0].codes, [['qr_0', 2, 0], ['qr_1', 1, 0]]);
    assert.deepEqual(written[1].codes, [['qr_0', 0, 1], ['qr_1', 1, 0]], 'bots are counted apart');
    assert.deepEqual(written[1].usage, [['org_1', '2026-11', 1]]);
    assert.equal(buffer.pendingForCode('code0xx'), 0);
    assert.equal(buffer.pendingForOrganization('org_1', '2026-11'), 0);
    await buffer.close();
  });

  it('expands a batch into rows: fields, flags, one hash per visitor and day', async () => {
    const written: ScanRows[] = [];
    const buffer = new ScanBuffer(async (batch) => { written.push(expandBatch(batch, hasher)); }, quiet, 60_000);
    for (let i = 0; i < 6; i++) record(buffer, i, i === 5, at + i);
    await buffer.close();
    const [rows] = written;
    const row = (n: number) => Object.fromEntries(SCAN_COLUMNS.map((c, i) => [c, rows.values[n * SCAN_COLUMNS.length + i]]));
    assert.deepEqual({ ...row(1), id: undefined, ip_hash: undefined }, {
      id: undefined, code_id: 'qr_1', workspace_id: 'ws_1', organization_id: 'org_1', scanned_at: '2026-11-21T10:00:00.001Z',
      country: null, device: 'mobile', os: 'iOS', browser: 'Mobile Safari', referrer: null, language: 'en-us', is_bot: 0,
      ip_hash: undefined, destination: 'https://example.com/',
    });
    assert.equal(row(5).is_bot, 1);
    assert.equal(row(0).ip_hash, row(3).ip_hash, 'same IP, same day: same hash');
    assert.notEqual(row(0).ip_hash, row(1).ip_hash);
    assert.equal(row(0).ip_hash, hasher.hash('10.0.0.0', '2026-11-21T10:00:00.000Z'));
    assert.ok(!rows.values.includes('10.0.0.0'), 'no raw IP in a row');
  });

  it('starts a new batch at a month boundary, so each batch counts usage for one month', async () => {
    const written: ScanRows[] = [];
    const buffer = new ScanBuffer(async (batch) => { written.push(expandBatch(batch, hasher)); }, quiet, 60_000);
    const end = Date.parse('2026-12-01T00:00:00.000Z');
    record(buffer, 0, false, end - 1);
    record(buffer, 0, false, end);
    record(buffer, 0, false, end + 1);
    assert.equal(buffer.pendingForOrganization('org_1', '2026-11'), 1);
    assert.equal(buffer.pendingForOrganization('org_1', '2026-12'), 2);
    assert.equal(buffer.pendingForCode('code0xx'), 3);
    await buffer.close();
    assert.deepEqual(written.map((w) => w.usage), [[['org_1', '2026-11', 1]], [['org_1', '2026-12', 2]]]);
  });

  it('builds PostgreSQL COPY text with the same rows as the expansion, escaped', async () => {
    const batches: ScanBatch[] = [];
    const buffer = new ScanBuffer(async (batch) => { batches.push(batch); }, quiet, 60_000);
    buffer.record(codes[0], at, human, '10.0.0.1', 'en-us', 'https://ref.example/a\\b\tc\nd\re', 'DE', 'https://example.com/');
    buffer.record(codes[1], at + 1, bot, null, null, '\\N', null, null);
    await buffer.close();
    const copy = copyBatch(batches[0], hasher);
    const rows = expandBatch(batches[0], hasher);
    const unescape = (field: string) => (field === '\\N' ? null
      : field.replace(/\\(.)/g, (_, c: string) => ({ t: '\t', n: '\n', r: '\r' } as Record<string, string>)[c] ?? c));
    const lines = copy.copy.split('\n');
    assert.equal(lines.pop(), '', 'every row ends with a newline');
    assert.equal(lines.length, 2);
    lines.forEach((line, n) => {
      const fields = line.split('\t');
      assert.equal(fields.length, SCAN_COLUMNS.length, 'escaped tabs and newlines do not split a row');
      const expected = rows.values.slice(n * SCAN_COLUMNS.length, (n + 1) * SCAN_COLUMNS.length).map((v) => (v === null ? null : String(v)));
      // Scan ids are minted per call; every other column must match.
      assert.deepEqual(fields.map(unescape).slice(1), expected.slice(1));
      assert.match(fields[0], /^scn_[0-9A-Z]{26}$/);
    });
    assert.deepEqual({ count: copy.count, codes: copy.codes, usage: copy.usage }, { count: rows.count, codes: rows.codes, usage: rows.usage });
  });

  it('close() writes what is left', async () => {
    let n = 0;
    const buffer = new ScanBuffer(async (batch) => { n += batch.count; }, quiet, 60_000);
    for (let i = 0; i < 10; i++) record(buffer, i);
    await buffer.close();
    assert.equal(n, 10);
  });
});
