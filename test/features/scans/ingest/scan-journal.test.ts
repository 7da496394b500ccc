import { describe, it, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BufferedScanSink, MEMORY_BATCHES } from '../../../../src/features/scans/ingest/scan-sink.js';
import { ScanJournal } from '../../../../src/features/scans/ingest/scan-journal.js';
import { STALE_LOCK_MS } from '../../../../src/features/scans/ingest/journal-slots.js';
import { decodeScans, type Scan, type ScanCode } from '../../../../src/features/scans/ingest/scan.js';

const quiet = { error() {}, warn() {} } as never;
const hashIp = (ip: string, at: number) => `h(${ip}@${new Date(at).toISOString().slice(0, 10)})`;
const codes: ScanCode[] = [0, 1, 2].map((i) => ({
  codeId: `qr_${i}`,
  shortCode: `code${i}xx`,
  workspaceId: 'ws_1',
  organizationId: 'org_1',
}));
const at = Date.parse('2026-11-21T10:00:00.000Z');
const scanOf = (i: number): Scan => ({
  id: `scn_${String(i).padStart(8, '0')}`,
  code: codes[i % 3],
  at: at + i,
  ip: `10.0.${i % 7}.${i % 5}`,
  bot: i % 10 === 9,
  device: 'mobile',
  os: 'iOS',
  browser: 'Mobile Safari',
  language: i % 2 ? 'de-de' : null,
  referrer: i % 4 ? null : 'https://news.example.org/',
  country: 'DE',
  region: null,
  city: null,
  destination: 'https://example.com/',
});

/** Counted (non-bot) scans of code `code` among the first `n`. */
const countedOf = (code: number, n: number) =>
  Array.from({ length: n }, (_, i) => i).filter((i) => i % 3 === code && i % 10 !== 9).length;

// The journal with a writer that cannot write (the database is down or far behind): nothing in
// memory beyond MEMORY_BATCHES, nothing dropped, and everything written after a "crash".
describe('scan journal', () => {
  let dir: string;
  beforeEach(() => {
    dir = join(mkdtempSync(join(tmpdir(), 'qrs-journal-')), 'journal');
  });
  afterEach(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

  it('spills past MEMORY_BATCHES to disk, drops nothing, and a restarted sink writes every scan once, in order', async () => {
    const journal = ScanJournal.open(dir, 'sqlite:db-a', hashIp, quiet)!;
    const down = new BufferedScanSink(
      async () => {
        throw new Error('database down');
      },
      quiet,
      60_000,
      { maxBatch: 100, journal, journalWanted: true },
    );
    const total = (MEMORY_BATCHES + 5) * 100 + 37;
    for (let i = 0; i < total; i++) down.record(scanOf(i));
    await assert.rejects(down.flush(), /database down/);
    const stats = down.stats();
    assert.equal(stats.pending, total);
    assert.equal(stats.dropped, 0);
    assert.equal(stats.journal, 'on');
    assert.ok(stats.journalBytes > total * 50, `journal holds the scans: ${stats.journalBytes} bytes`);
    assert.equal((down as unknown as { inMemory: number }).inMemory, MEMORY_BATCHES, 'later batches wait on disk only');
    // The process dies here: no close(), its lock is left behind with a pid that is gone.
    await journal.sync();
    unlinkSync(join(journal.path, 'lock'));

    const again = ScanJournal.open(dir, 'sqlite:db-a', hashIp, quiet)!;
    const written: Scan[] = [];
    let slow = true;
    const sink = new BufferedScanSink(
      async (batch) => {
        if (slow) throw new Error('not yet');
        written.push(...batch);
      },
      quiet,
      60_000,
      { maxBatch: 100, journal: again, journalWanted: true },
    );
    const humans = (code: number) =>
      Array.from({ length: total }, (_, i) => i).filter((i) => i % 3 === code && i % 10 !== 9).length;
    assert.equal(sink.size, total, 'the recovered backlog is pending');
    assert.equal(sink.pendingForCode('code1xx'), humans(1), 'max_scans sees the recovered scans');
    assert.equal(sink.pendingForOrganization('org_1', '2026-11'), humans(0) + humans(1) + humans(2));
    slow = false;
    await sink.flush();
    assert.equal(written.length, total);
    assert.deepEqual(
      written.map((s) => s.id),
      Array.from({ length: total }, (_, i) => scanOf(i).id),
    );
    const s5 = written[5];
    const o5 = scanOf(5);
    assert.equal(s5.ip, null, 'the journal never holds a raw IP');
    assert.equal(s5.ipHash, hashIp(o5.ip!, o5.at));
    assert.deepEqual(
      { ...s5, ip: o5.ip, ipHash: undefined, code: { ...s5.code } },
      { ...o5, ipHash: undefined, code: { ...o5.code } },
    );
    assert.equal(sink.pendingForCode('code1xx'), 0);
    await sink.close();
    assert.deepEqual(readdirSync(again.path).sort(), ['identity'], 'written segments are deleted, the lock released');
  });

  it("an encoded writer (the SQLite writer thread) gets the journal's form: recovered, spilled and joined batches, every scan once, in order, with hashed IPs", async () => {
    const journal = ScanJournal.open(dir, 'sqlite:db-a', hashIp, quiet)!;
    const down = new BufferedScanSink(async () => assert.fail('the scan writer is not used'), quiet, 60_000, {
      maxBatch: 100,
      journal,
      journalWanted: true,
      encoded: async () => {
        throw new Error('database down');
      },
    });
    const total = (MEMORY_BATCHES + 3) * 100 + 11;
    for (let i = 0; i < total; i++) down.record(scanOf(i));
    await assert.rejects(down.flush(), /database down/);
    assert.equal((down as unknown as { inMemory: number }).inMemory, MEMORY_BATCHES, 'later batches wait on disk only');
    await journal.sync();
    unlinkSync(join(journal.path, 'lock'));

    const again = ScanJournal.open(dir, 'sqlite:db-a', hashIp, quiet)!;
    const writes: Array<{ scans: Scan[]; starts: number[] }> = [];
    const sink = new BufferedScanSink(async () => assert.fail('the scan writer is not used'), quiet, 60_000, {
      maxBatch: 100,
      maxWrite: 1_000,
      journal: again,
      journalWanted: true,
      encoded: async (batches, starts) =>
        void writes.push({ scans: batches.flatMap((json) => decodeScans(json)), starts }),
    });
    for (let i = total; i < total + 150; i++) sink.record(scanOf(i));
    assert.equal(sink.pendingForCode('code1xx'), countedOf(1, total + 150));
    await sink.flush();
    const written = writes.flatMap((w) => w.scans);
    assert.deepEqual(
      written.map((s) => s.id),
      Array.from({ length: total + 150 }, (_, i) => scanOf(i).id),
    );
    assert.deepEqual(
      writes[0].starts,
      [0, 100, 200, 300, 400, 500, 600, 700, 800, 900],
      'ten batches joined in one write',
    );
    const o = scanOf(total + 3);
    const s = written[total + 3];
    assert.equal(s.ip, null, 'a batch recorded after the restart is journaled, so hashed, too');
    assert.equal(s.ipHash, hashIp(o.ip!, o.at));
    assert.equal(sink.size, 0);
    assert.equal(sink.pendingForCode('code1xx'), 0);
    assert.equal(sink.pendingForOrganization('org_1', '2026-11'), 0);
    await sink.close();
  });

  it('a torn last line (a crash mid-append) is ignored; the batches before it are kept', async () => {
    const journal = ScanJournal.open(dir, 'db', hashIp, quiet)!;
    journal.append([scanOf(1), scanOf(2)]);
    const seq = journal.append([scanOf(3)]);
    journal.done(seq);
    journal.append([scanOf(4)]);
    unlinkSync(join(journal.path, 'lock'));
    const { appendFileSync } = await import('node:fs');
    const seg = readdirSync(journal.path).find((f) => f.startsWith('segment-'))!;
    appendFileSync(join(journal.path, seg), 'B 99 [["scn_');
    const again = ScanJournal.open(dir, 'db', hashIp, quiet)!;
    const got = again.takeRecovered().map((b) => b.scans!.map((s) => s.id));
    assert.deepEqual(got, [[scanOf(1).id, scanOf(2).id], [scanOf(4).id]]);
    assert.ok(again.append([scanOf(5)]) > 3, 'sequence numbers keep rising');
    again.close();
  });

  it('gives each opener a slot of its own, and never replays another database’s scans', () => {
    const a = ScanJournal.open(dir, 'postgres://one', hashIp, quiet)!;
    const b = ScanJournal.open(dir, 'postgres://one', hashIp, quiet)!;
    assert.deepEqual([a.path, b.path], [join(dir, 'slot-0'), join(dir, 'slot-1')], 'a second process journals too');
    a.append([scanOf(1)]);
    a.close();
    b.close();
    // slot-0 holds one database's unwritten batch: an opener of another database passes it by, untouched.
    const c = ScanJournal.open(dir, 'postgres://two', hashIp, quiet)!;
    assert.equal(c.path, join(dir, 'slot-1'));
    assert.deepEqual(c.takeRecovered(), []);
    assert.equal(c.adoptDead(), 0, 'another database’s slot is never adopted');
    c.close();
    const d = ScanJournal.open(dir, 'postgres://one', hashIp, quiet)!;
    assert.equal(d.path, join(dir, 'slot-0'));
    assert.deepEqual(
      d.takeRecovered().map((x) => x.scans!.map((s) => s.id)),
      [[scanOf(1).id]],
      'its own database finds it',
    );
    d.close();
  });

  it('adopts the slots of dead processes of its database, at open and later, each batch once', async () => {
    const alive = ScanJournal.open(dir, 'postgres://one', hashIp, quiet)!;
    const dead = ScanJournal.open(dir, 'postgres://one', hashIp, quiet)!;
    const doneSeq = dead.append([scanOf(1)]);
    dead.append([scanOf(2), scanOf(3)]);
    dead.done(doneSeq);
    dead.append([scanOf(4)]);
    await dead.sync();
    // The holder dies (no close): its lock names a process that is gone.
    writeFileSync(join(dead.path, 'lock'), '2147483646 ' + hostname());
    const written: string[] = [];
    const sink = new BufferedScanSink(async (batch) => void written.push(...batch.map((s) => s.id)), quiet, 60_000, {
      journal: alive,
      journalWanted: true,
    });
    assert.equal(sink.size, 0);
    assert.equal(sink.adopt(), 2, 'the two unwritten batches move over');
    assert.equal(sink.size, 3, 'their scans count as pending at once');
    assert.equal(sink.pendingForCode('code1xx'), countedOf(1, 5) - countedOf(1, 2));
    assert.deepEqual(
      readdirSync(dead.path).filter((f) => f.startsWith('segment-')),
      [],
      'the dead slot is emptied once its batches are durable here',
    );
    assert.ok(!existsSync(join(dead.path, 'lock')), 'and free for the next process');
    assert.equal(sink.adopt(), 0, 'nothing is adopted twice');
    await sink.flush();
    assert.deepEqual(written, [scanOf(2).id, scanOf(3).id, scanOf(4).id]);
    await sink.close();

    // A dead slot found at open is adopted then, with the opener's own.
    const keep = ScanJournal.open(dir, 'postgres://one', hashIp, quiet)!;
    const x = ScanJournal.open(dir, 'postgres://one', hashIp, quiet)!;
    x.append([scanOf(7)]);
    await x.sync();
    writeFileSync(join(x.path, 'lock'), '2147483646 ' + hostname());
    keep.close();
    const y = ScanJournal.open(dir, 'postgres://one', hashIp, quiet)!;
    assert.notEqual(y.path, x.path);
    assert.deepEqual(
      y.takeRecovered().map((b) => b.scans!.map((s) => s.id)),
      [[scanOf(7).id]],
    );
    y.close();
  });

  it('a lock of another host is alive while its heartbeat is fresh, and taken over once it is stale', () => {
    const slot = join(dir, 'slot-0');
    mkdirSync(slot, { recursive: true });
    writeFileSync(join(slot, 'lock'), '1 other-host.example');
    const a = ScanJournal.open(dir, 'postgres://one', hashIp, quiet)!;
    assert.equal(a.path, join(dir, 'slot-1'), 'a fresh lock of another host is respected');
    a.close();
    const old = new Date(Date.now() - STALE_LOCK_MS - 5_000);
    utimesSync(join(slot, 'lock'), old, old);
    const b = ScanJournal.open(dir, 'postgres://one', hashIp, quiet)!;
    assert.equal(b.path, slot, 'a stale one is taken over');
    b.close();
  });

  it('drains the journal directory of the layout before slots', () => {
    mkdirSync(dir, { recursive: true });
    const old = ScanJournal.open(join(dir, '..', 'scratch'), 'postgres://one', hashIp, quiet)!;
    old.append([scanOf(8)]);
    old.close();
    // Before slots, the journal's files sat in the directory itself.
    for (const f of readdirSync(old.path)) renameSync(join(old.path, f), join(dir, f));
    const j = ScanJournal.open(dir, 'postgres://one', hashIp, quiet)!;
    assert.deepEqual(
      j.takeRecovered().map((b) => b.scans!.map((s) => s.id)),
      [[scanOf(8).id]],
    );
    assert.deepEqual(
      readdirSync(dir).filter((f) => f.startsWith('segment-')),
      [],
    );
    j.close();
  });

  it('without a journal the sink still drops nothing below MAX_PENDING and reports `off`', async () => {
    const sink = new BufferedScanSink(async () => undefined, quiet, 60_000);
    sink.record(scanOf(1));
    assert.equal(sink.stats().journal, 'off');
    assert.equal(sink.stats().received, 1);
    await sink.close();
    assert.equal(sink.stats().written, 1);
  });
});
