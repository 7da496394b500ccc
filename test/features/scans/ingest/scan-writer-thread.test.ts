import { it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { openDatabase, sqliteOf } from '../../../../src/db/database.js';
import { migrateToLatest } from '../../../../src/db/migrate.js';
import { ScanWriterThread } from '../../../../src/features/scans/ingest/scan-writer-thread.js';
import { scanConsumers } from '../../../../src/features/scan-consumers.js';
import { encodeScans, type Scan } from '../../../../src/features/scans/ingest/scan.js';
import { removeSqliteFile, sqliteFile } from '../../../support/sqlite-file.js';

const code = { codeId: 'qr_thread', shortCode: 'thread1', workspaceId: 'ws_thread', organizationId: 'org_thread' };
const at = Date.parse('2026-11-27T10:00:00.000Z');
const scanOf = (i: number): Scan => ({
  id: `scn_thread_${String(i).padStart(5, '0')}`,
  code,
  at: at + i,
  ip: `198.51.100.${i % 7}`,
  bot: i % 5 === 4,
  device: 'mobile',
  os: 'iOS',
  browser: 'Mobile Safari',
  language: 'de',
  referrer: null,
  country: 'DE',
  region: null,
  city: null,
  destination: 'https://example.com/',
});

// The SQLite writer thread takes a write as the journal's JSON and answers with the usage totals
// its transaction left; a write it finds already stored (a replay) changes nothing and still
// answers with the totals as they stand, so its threshold check is not lost.
it('the SQLite writer thread answers each write with the usage totals, a replayed write too, and stores it once', async () => {
  const file = sqliteFile('writer-thread');
  const db = openDatabase(file.url);
  await migrateToLatest(db);
  const thread = new ScanWriterThread(file.url, 'thread test secret', scanConsumers.module);
  const usage = async (written: Promise<Record<string, unknown>>) => (await written).usage;
  try {
    const batch = (from: number, to: number) =>
      Buffer.from(encodeScans(Array.from({ length: to - from }, (_, i) => scanOf(from + i))));
    const reading = { organizationId: 'org_thread', meter: 'scans', period: '2026-11' };
    const first = [batch(0, 5), batch(5, 10)];
    assert.deepEqual(await usage(thread.write(first, [0, 5], null)), [{ ...reading, used: 8 }]);
    assert.deepEqual(
      await usage(thread.write(first, [0, 5], null)),
      [{ ...reading, used: 8 }],
      'a replay reads the totals',
    );
    assert.deepEqual(await usage(thread.write([batch(10, 12)], [0], null)), [{ ...reading, used: 10 }]);
    // Larger than the memory the writes shared so far (1 MB): it grows, and the rows are whole.
    const large = [batch(12, 5_012), batch(5_012, 10_012)];
    assert.ok(large[0].length + large[1].length > 1 << 20);
    await thread.write(large, [0, 5_000], null);
    // Two writes out at once (the sink never does so): the second is copied to memory of its own.
    await Promise.all([
      thread.write([batch(10_012, 10_020)], [0], null),
      thread.write([batch(10_020, 10_030)], [0], null),
    ]);
    const rows = await db.selectFrom('scans').select(['id', 'ip_hash']).orderBy('id').execute();
    assert.equal(rows.length, 10_030, 'every scan stored once');
    assert.ok(
      rows.every((r) => r.ip_hash && !r.ip_hash.includes('198.51')),
      'the thread hashed the raw IPs',
    );
  } finally {
    await thread.close();
    await db.destroy();
    removeSqliteFile(file.file);
  }
});

/**
 * The WAL's frames and how many of them a checkpoint has copied into the file, from the header of
 * the `-shm` wal-index (native byte order): mxFrame at 16, nBackfill at 96. Read without opening a
 * connection, which could itself checkpoint.
 */
function walFrames(file: string): { frames: number; copied: number } {
  const shm = readFileSync(`${file}-shm`);
  return { frames: shm.readUInt32LE(16), copied: shm.readUInt32LE(96) };
}

// docs/decisions.md D46: a checkpoint copies every page the WAL holds into the file, and the main
// connection ran it inside whichever commit passed SQLite's threshold: on the event loop.
it('while the writer thread runs, it checkpoints the WAL and the main connection leaves that to it', async () => {
  const file = sqliteFile('writer-checkpoint');
  const db = openDatabase(file.url);
  await migrateToLatest(db);
  const main = sqliteOf(db)!;
  const autocheckpoint = () => main.pragma('wal_autocheckpoint', { simple: true });
  const thread = new ScanWriterThread(file.url, 'thread test secret', null, main);
  try {
    assert.equal(autocheckpoint(), 1000, "SQLite's default before the thread starts");
    thread.warm();
    assert.equal(autocheckpoint(), 0, 'the main connection no longer checkpoints');
    // More pages than the default threshold, committed on the main connection.
    await sql`create table checkpoint_probe (b blob)`.execute(db);
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 300; i++) await sql`insert into checkpoint_probe values (zeroblob(20000))`.execute(trx);
    });
    assert.ok(walFrames(file.file).frames > 1000, 'the commit left more than 1,000 frames in the WAL');
    const until = Date.now() + 15_000;
    let wal = walFrames(file.file);
    while (wal.copied < wal.frames && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      wal = walFrames(file.file);
    }
    assert.equal(wal.copied, wal.frames, 'the thread copied every frame into the file');
  } finally {
    await thread.close();
    assert.equal(autocheckpoint(), 1000, 'closed, the thread hands checkpoints back');
    await db.destroy();
    removeSqliteFile(file.file);
  }
});
