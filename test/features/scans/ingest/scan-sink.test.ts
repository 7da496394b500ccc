import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScanJournal } from '../../../../src/features/scans/ingest/scan-journal.js';
import { BufferedScanSink, MAX_WRITE } from '../../../../src/features/scans/ingest/scan-sink.js';
import type { Scan, ScanCode } from '../../../../src/features/scans/ingest/scan.js';
import { decodeScans, toScanRow } from '../../../../src/features/scans/ingest/scan.js';

const quiet = { error() {} } as never;
const codes: ScanCode[] = [0, 1].map((i) => ({
  codeId: `qr_${i}`,
  shortCode: `code${i}xx`,
  workspaceId: 'ws_1',
  organizationId: 'org_1',
}));
const at = Date.parse('2026-11-21T10:00:00.000Z');
const scanOf = (i: number, bot = false, ms = at): Scan => ({
  id: `scn_${i}`,
  code: codes[i % 2],
  at: ms,
  ip: `10.0.0.${i % 3}`,
  bot,
  device: bot ? 'bot' : 'mobile',
  os: bot ? null : 'iOS',
  browser: bot ? null : 'Mobile Safari',
  language: 'en-us',
  referrer: null,
  country: null,
  region: null,
  city: null,
  destination: 'https://example.com/',
});

// The sink against a writer that fails: nothing is lost, counters stay pending until written.
describe('BufferedScanSink', () => {
  it('keeps a failed batch and writes it on the next flush, in order, with the batches that waited behind it; pending counters follow', async () => {
    const written: Scan[][] = [];
    const cuts: number[][] = [];
    let fail = true;
    const sink = new BufferedScanSink(
      async (batch, starts) => {
        if (fail) throw new Error('database down');
        written.push(batch);
        cuts.push(starts);
      },
      quiet,
      60_000,
      3,
    );
    for (let i = 0; i < 5; i++) sink.record(scanOf(i, i === 4));
    await assert.rejects(sink.flush(), /database down/);
    assert.equal(sink.size, 5);
    assert.equal(sink.pendingForCode('code0xx'), 2, 'bots are not counted');
    assert.equal(sink.pendingForOrganization('org_1', '2026-11'), 4);
    fail = false;
    await sink.flush();
    assert.equal(sink.size, 0);
    assert.deepEqual(
      written.map((w) => w.length),
      [5],
      'the two waiting batches are one write',
    );
    assert.deepEqual(cuts, [[0, 3]], 'where each batch begins, so a replay finds each one written or not');
    assert.deepEqual(
      written.flat().map((s) => s.ip),
      [0, 1, 2, 3, 4].map((i) => `10.0.0.${i % 3}`),
      'recording order',
    );
    assert.equal(sink.pendingForCode('code0xx'), 0);
    assert.equal(sink.pendingForOrganization('org_1', '2026-11'), 0);
    await sink.close();
  });

  it('close() tries again when a write fails (a dropped pooled connection fails once), and rejects only when the writes keep failing', async () => {
    let failures = 1;
    let written = 0;
    const once = new BufferedScanSink(
      async (batch) => {
        if (failures-- > 0) throw new Error('connection terminated');
        written += batch.length;
      },
      quiet,
      60_000,
    );
    for (let i = 0; i < 3; i++) once.record(scanOf(i));
    await once.close();
    assert.equal(written, 3);
    const down = new BufferedScanSink(
      async () => {
        throw new Error('database down');
      },
      quiet,
      60_000,
    );
    down.record(scanOf(0));
    await assert.rejects(down.close(), /database down/);
    assert.equal(down.size, 1, 'what is left is still counted');
  });

  it('a backlog is written MAX_WRITE scans at a time at most, never splitting a batch', async () => {
    const writes: Array<{ n: number; starts: number[] }> = [];
    let down = true;
    const batch = 3_000;
    const sink = new BufferedScanSink(
      async (scans, starts) => {
        if (down) throw new Error('database down');
        writes.push({ n: scans.length, starts });
      },
      quiet,
      60_000,
      batch,
    );
    const total = 4 * batch + 10;
    for (let i = 0; i < total; i++) sink.record(scanOf(i));
    await assert.rejects(sink.flush(), /database down/);
    down = false;
    await sink.flush();
    const perWrite = Math.floor(MAX_WRITE / batch);
    assert.ok(perWrite >= 2 && perWrite < 5, 'the test spans more than one write');
    assert.deepEqual(
      writes.map((w) => w.n),
      [perWrite * batch, total - perWrite * batch],
    );
    assert.deepEqual(
      writes[0].starts,
      Array.from({ length: perWrite }, (_, i) => i * batch),
    );
    assert.equal(sink.stats().written, total);
    await sink.close();
  });

  it('coalescing (a SQLite file): cut batches wait for the timer or a full write, then go together', async () => {
    const writes: Array<{ n: number; starts: number[] }> = [];
    const sink = new BufferedScanSink(
      async (scans, starts) => void writes.push({ n: scans.length, starts }),
      quiet,
      300,
      { maxBatch: 10, maxWrite: 50, coalesce: true },
    );
    for (let i = 0; i < 25; i++) sink.record(scanOf(i));
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(writes, [], 'two cut batches are not written as they are cut');
    assert.equal(sink.size, 25);
    // The timer's write takes all that waits, the open scans cut with it.
    for (let i = 0; i < 100 && sink.size; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.deepEqual(writes, [{ n: 25, starts: [0, 10, 20] }]);
    // A full write's worth goes at once, without the timer.
    for (let i = 0; i < 50; i++) sink.record(scanOf(i));
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(writes[1], { n: 50, starts: [0, 10, 20, 30, 40] });
    // flush() (shutdown, tests) writes everything at once.
    for (let i = 0; i < 15; i++) sink.record(scanOf(i));
    await sink.flush();
    assert.deepEqual(writes[2], { n: 15, starts: [0, 10] });
    assert.equal(sink.stats().written, 90);
    await sink.close();
  });

  it('writing on every second tick (a SQLite file, D45): the tick between cuts the open scans into the journal, the next writes them; a full write does not wait', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'qrs-ticks-')), 'journal');
    const journal = ScanJournal.open(dir, 'sqlite:ticks', (ip) => `h(${ip})`, quiet)!;
    const writes: Array<{ n: number; ms: number }> = [];
    const started = performance.now();
    const sink = new BufferedScanSink(
      async (scans) => void writes.push({ n: scans.length, ms: performance.now() - started }),
      quiet,
      200,
      { maxBatch: 10, maxWrite: 50, coalesce: true, writeTicks: 2, journal },
    );
    try {
      for (let i = 0; i < 5; i++) sink.record(scanOf(i));
      assert.equal(journal.bytes, 0, 'fewer than maxBatch: not cut yet');
      for (let i = 0; i < 60 && !journal.bytes; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      assert.ok(journal.bytes > 0, 'the first tick cut the open scans into the journal');
      assert.equal(writes.length, 0, 'and did not write them');
      for (let i = 0; i < 300 && !writes.length; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      assert.equal(writes.length, 1);
      assert.equal(writes[0].n, 5);
      assert.ok(writes[0].ms >= 395, `written on the second tick (${writes[0].ms.toFixed(0)} ms)`);
      for (let i = 0; i < 50; i++) sink.record(scanOf(i));
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(writes[1]?.n, 50, 'a full write goes at once');
    } finally {
      await sink.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an encoded writer without a journal gets each batch as tuples with the raw IP, for the thread to hash', async () => {
    const writes: Buffer[][] = [];
    const sink = new BufferedScanSink(async () => assert.fail('the scan writer is not used'), quiet, 60_000, {
      maxBatch: 2,
      encoded: async (batches) => void writes.push(batches),
    });
    for (let i = 0; i < 5; i++) sink.record(scanOf(i, i === 4));
    assert.equal(sink.pendingForCode('code0xx'), 2);
    await sink.flush();
    assert.equal(writes.length, 1, 'the three waiting batches are one write');
    assert.equal(writes[0].length, 3, 'each batch its own JSON');
    const scans = writes[0].flatMap((json) => decodeScans(json));
    assert.deepEqual(
      scans.map((s) => [s.id, s.ip, s.ipHash, s.bot]),
      [0, 1, 2, 3, 4].map((i) => [`scn_${i}`, `10.0.0.${i % 3}`, undefined, i === 4]),
    );
    assert.deepEqual(scans[1], scanOf(1));
    assert.equal(sink.pendingForCode('code0xx'), 0);
    assert.equal(sink.pendingForOrganization('org_1', '2026-11'), 0);
    await sink.close();
  });

  it('counts usage per UTC month of the scan', async () => {
    const sink = new BufferedScanSink(async () => undefined, quiet, 60_000);
    const end = Date.parse('2026-12-01T00:00:00.000Z');
    sink.record(scanOf(0, false, end - 1));
    sink.record(scanOf(0, false, end));
    sink.record(scanOf(0, false, end + 1));
    assert.equal(sink.pendingForOrganization('org_1', '2026-11'), 1);
    assert.equal(sink.pendingForOrganization('org_1', '2026-12'), 2);
    assert.equal(sink.pendingForCode('code0xx'), 3);
    await sink.close();
    assert.equal(sink.pendingForOrganization('org_1', '2026-12'), 0);
  });

  it('a full batch is written without waiting for the timer; close() writes what is left', async () => {
    let n = 0;
    const sink = new BufferedScanSink(
      async (batch) => {
        n += batch.length;
      },
      quiet,
      60_000,
      4,
    );
    for (let i = 0; i < 4; i++) sink.record(scanOf(i));
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(n, 4);
    for (let i = 0; i < 3; i++) sink.record(scanOf(i));
    await sink.close();
    assert.equal(n, 7);
  });

  it('maps a scan to its row: named fields, the bot flag, the hash and never the raw IP', () => {
    const s = scanOf(1, true);
    const row = toScanRow(s, '2026-11-21T10:00:00.000Z', 'hash');
    assert.deepEqual(row, {
      id: 'scn_1',
      code_id: 'qr_1',
      workspace_id: 'ws_1',
      organization_id: 'org_1',
      scanned_at: '2026-11-21T10:00:00.000Z',
      country: null,
      region: null,
      city: null,
      device: 'bot',
      os: null,
      browser: null,
      referrer: null,
      language: 'en-us',
      is_bot: 1,
      ip_hash: 'hash',
      destination: 'https://example.com/',
    });
    assert.ok(!Object.values(row).includes(s.ip));
  });
});
