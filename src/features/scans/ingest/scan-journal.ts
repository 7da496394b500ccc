import {
  closeSync,
  fstatSync,
  fsync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
  readSync,
  readdirSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { decodeScans, toTuple, type Scan } from './scan.js';
import {
  MAX_SLOTS,
  claimIdentity,
  ensureDir,
  foreign,
  heartbeat,
  lock,
  otherSlots,
  slotPath,
  unlock,
} from './journal-slots.js';

/** A segment is closed past this size; a closed segment whose batches are all written is deleted. */
export const SEGMENT_BYTES = 8 * 1024 * 1024;

/** A batch the journal holds: its scans, or (spilled) where to read them back. */
export interface JournalBatch {
  seq: number;
  count: number;
  /** scan time of the batch's first scan, epoch ms (the backlog's age) */
  firstAt: number;
  scans: Scan[] | null;
}

interface Place {
  segment: number;
  offset: number;
  length: number;
}

/**
 * The hash also replaces the raw IP on the scan itself: the writer then stores it as it is instead
 * of hashing the IP a second time, and the raw IP leaves memory once the batch is encoded.
 */
function hashedIp(s: Scan, hashIp: (ip: string, at: number) => string): Scan {
  if (s.ipHash === undefined) {
    s.ipHash = s.ip === null ? null : hashIp(s.ip, s.at);
    s.ip = null;
  }
  return s;
}

const segmentName = (n: number) => `segment-${String(n).padStart(10, '0')}.log`;
const SEGMENT = /^segment-(\d{10})\.log$/;

/**
 * The scan sink's write-ahead journal (docs/scans-pipeline.md): append-only segment files in one
 * slot directory, owned by one process (a `lock` file, journal-slots.ts) and tied to one database
 * (an `identity` file). Each batch is appended as `B <seq> <json>` before the database sees it, and
 * `D <seq>` once it is committed; after a crash the batches without a `D` are written again (a
 * batch written twice is skipped by the writer: it finds its first row). Appends are synchronous
 * writes to the page cache, so a killed process loses nothing it appended; `sync()` (every
 * SCAN_JOURNAL_SYNC_MS) bounds what a machine crash can lose.
 */
export class ScanJournal {
  private places = new Map<number, Place>();
  private undone = new Map<number, number>();
  private current = 0;
  private fd = -1;
  private size = 0;
  private nextSeq = 1;
  private dirty = false;
  private recoveredBatches: JournalBatch[] = [];

  private constructor(
    private dir: string,
    private hashIp: (ip: string, at: number) => string,
    private log: FastifyBaseLogger,
    private parent: string,
    private identity: string,
  ) {}

  /**
   * Claims a slot of `dir` (docs/decisions.md D67): the first whose lock is free or left by a dead
   * process and that holds no other database's scans. Its own unwritten batches are recovered, and
   * the slots of dead processes adopted. Null only when no slot can be claimed (the disk refuses,
   * or MAX_SLOTS live processes): this instance then runs without a journal and says so in the log
   * and in /v1/health.
   */
  static open(
    dir: string,
    database: string,
    hashIp: (ip: string, at: number) => string,
    log: FastifyBaseLogger,
  ): ScanJournal | null {
    const identity = createHash('sha256').update(database).digest('hex');
    try {
      ensureDir(dir);
      for (let n = 0; n < MAX_SLOTS; n++) {
        const slot = slotPath(dir, n);
        ensureDir(slot);
        if (!lock(slot)) continue;
        if (foreign(slot, identity, segmentsOf(slot).length > 0)) {
          unlock(slot);
          continue;
        }
        claimIdentity(slot, identity);
        const journal = new ScanJournal(slot, hashIp, log, dir, identity);
        journal.recover();
        journal.adoptDead();
        return journal;
      }
    } catch (err) {
      log.error({ err, dir }, 'scan journal: cannot be opened; this instance runs without one');
      return null;
    }
    log.error({ dir, slots: MAX_SLOTS }, 'scan journal: every slot is held; this instance runs without one');
    return null;
  }

  /** The slot directory this journal owns. */
  get path(): string {
    return this.dir;
  }

  /**
   * Moves the unwritten batches of dead processes' slots of the same database into this journal
   * (appended, made durable, then deleted there), to be written like recovered ones; returns how
   * many batches it took. A crash between the two leaves a batch in both places: the writer skips
   * the second copy (it finds its first row). Runs at open and on the sink's adoption timer.
   */
  adoptDead(): number {
    let taken = 0;
    for (const other of otherSlots(this.parent, this.dir)) {
      const segments = segmentsOf(other);
      if (!segments.length || !lock(other)) continue;
      try {
        if (foreign(other, this.identity, true)) continue;
        const batches = openBatches(other, segments);
        for (const { json, batch } of batches) {
          const { seq } = this.appendEncoded(json);
          this.recoveredBatches.push({ ...batch, seq });
        }
        fsyncSync(this.fd);
        for (const seg of segments) unlinkSafe(join(other, segmentName(seg)));
        taken += batches.length;
        if (batches.length) {
          const scans = batches.reduce((n, b) => n + b.batch.count, 0);
          this.log.warn(
            { from: other, batches: batches.length, scans },
            'scan journal: adopted a dead process’s scans',
          );
        }
      } finally {
        unlock(other);
      }
    }
    return taken;
  }

  /** Batches a previous process appended and did not see committed, oldest first (once). */
  takeRecovered(): JournalBatch[] {
    const out = this.recoveredBatches;
    this.recoveredBatches = [];
    return out;
  }

  /** Bytes of the segments on disk. */
  get bytes(): number {
    let n = 0;
    for (const seg of this.segments())
      n += seg === this.current ? this.size : safeSize(join(this.dir, segmentName(seg)));
    return n;
  }

  /** A batch in the journal's form: a JSON array of ScanTuple, each IP replaced by its hash. */
  encode(scans: Scan[]): string {
    return JSON.stringify(scans.map((s) => toTuple(hashedIp(s, this.hashIp))));
  }

  /** Appends a batch; returns its sequence number. Throws when the disk refuses (the caller keeps it in memory). */
  append(scans: Scan[]): number {
    return this.appendEncoded(this.encode(scans)).seq;
  }

  /**
   * Appends a batch `encode` gave. `bytes` is the batch's JSON as written (a view of the line):
   * the sink keeps it for the writer thread instead of the string (docs/decisions.md D49).
   */
  appendEncoded(json: string): { seq: number; bytes: Buffer } {
    const seq = this.nextSeq++;
    if (this.size >= SEGMENT_BYTES) this.rotate();
    const prefix = `B ${seq} `;
    const line = Buffer.from(`${prefix}${json}\n`);
    try {
      writeAll(this.fd, line);
    } catch (err) {
      // A partial line would shift every later batch's offset: cut the segment back to its last whole line.
      try {
        ftruncateSync(this.fd, this.size);
      } catch {
        // The next append or a restart reads a torn line, which recovery ignores.
      }
      throw err;
    }
    this.places.set(seq, { segment: this.current, offset: this.size, length: line.length });
    this.undone.set(this.current, (this.undone.get(this.current) ?? 0) + 1);
    this.size += line.length;
    this.dirty = true;
    return { seq, bytes: line.subarray(prefix.length, line.length - 1) };
  }

  /** The scans of an appended batch, read back from disk. */
  read(seq: number): Scan[] {
    return decodeScans(this.readEncoded(seq));
  }

  /** An appended batch read back from disk in the journal's form (as `encode` gave it), as bytes. */
  readEncoded(seq: number): Buffer {
    const place = this.places.get(seq);
    if (!place) throw new Error(`scan journal: no batch ${seq}`);
    const buf = Buffer.alloc(place.length);
    const fd = place.segment === this.current ? this.fd : openSync(join(this.dir, segmentName(place.segment)), 'r');
    try {
      readSync(fd, buf, 0, place.length, place.offset);
    } finally {
      if (fd !== this.fd) closeSync(fd);
    }
    return buf.subarray(buf.indexOf(0x20, 2) + 1, buf.length - 1);
  }

  /** Marks a batch committed; a closed segment with nothing left to write is deleted. */
  done(seq: number): void {
    const place = this.places.get(seq);
    if (!place) return;
    this.places.delete(seq);
    const line = Buffer.from(`D ${seq}\n`);
    writeAll(this.fd, line);
    this.size += line.length;
    this.dirty = true;
    const left = (this.undone.get(place.segment) ?? 1) - 1;
    this.undone.set(place.segment, left);
    if (left === 0 && place.segment !== this.current) this.drop(place.segment);
    // Everything written: start the current segment over rather than let done markers pile up.
    if (this.places.size === 0 && this.size >= SEGMENT_BYTES / 8) this.rotate();
  }

  /** fsync of the current segment, when anything was appended since the last one. */
  sync(): Promise<void> {
    if (this.fd >= 0) heartbeat(this.dir);
    if (!this.dirty || this.fd < 0) return Promise.resolve();
    this.dirty = false;
    const fd = this.fd;
    return new Promise((resolve) => fsync(fd, () => resolve()));
  }

  /** Closes the journal: segments with nothing left to write are deleted; the lock is released. */
  close(): void {
    if (this.fd < 0) return;
    closeSync(this.fd);
    this.fd = -1;
    if (this.places.size === 0) for (const seg of this.segments()) unlinkSafe(join(this.dir, segmentName(seg)));
    else this.log.warn({ batches: this.places.size }, 'scan journal: closed with batches to write at the next start');
    unlock(this.dir);
  }

  private segments(): number[] {
    return segmentsOf(this.dir);
  }

  private recover(): void {
    const segments = this.segments();
    const open = openBatches(this.dir, segments);
    for (const o of open) {
      this.nextSeq = Math.max(this.nextSeq, o.batch.seq + 1);
      this.places.set(o.batch.seq, { segment: o.segment, offset: o.offset, length: o.length });
      this.undone.set(o.segment, (this.undone.get(o.segment) ?? 0) + 1);
      this.recoveredBatches.push(o.batch);
    }
    this.nextSeq = Math.max(this.nextSeq, open.lastSeq + 1);
    for (const seg of segments) if (!this.undone.get(seg)) unlinkSafe(join(this.dir, segmentName(seg)));
    this.current = segments.at(-1) ?? 0;
    this.rotate();
    if (open.length) {
      const scans = this.recoveredBatches.reduce((n, b) => n + b.count, 0);
      this.log.warn({ batches: open.length, scans }, 'scan journal: writing scans a previous process left');
    }
  }

  private rotate(): void {
    if (this.fd >= 0) {
      closeSync(this.fd);
      if (!this.undone.get(this.current)) this.drop(this.current);
    }
    this.current++;
    this.fd = openSync(join(this.dir, segmentName(this.current)), 'a+', 0o600);
    this.size = fstatSync(this.fd).size;
  }

  private drop(segment: number): void {
    this.undone.delete(segment);
    unlinkSafe(join(this.dir, segmentName(segment)));
  }
}

function parseBatch(line: string): JournalBatch | null {
  if (!line.startsWith('B ')) return null;
  const space = line.indexOf(' ', 2);
  try {
    const scans = decodeScans(line.slice(space + 1));
    return { seq: Number(line.slice(2, space)), count: scans.length, firstAt: scans[0]?.at ?? 0, scans };
  } catch {
    return null;
  }
}

function writeAll(fd: number, buf: Buffer): void {
  let done = 0;
  while (done < buf.length) done += writeSync(fd, buf, done, buf.length - done);
}

function safeSize(path: string): number {
  try {
    const fd = openSync(path, 'r');
    try {
      return fstatSync(fd).size;
    } finally {
      closeSync(fd);
    }
  } catch {
    return 0;
  }
}

function unlinkSafe(path: string): void {
  rmSync(path, { force: true });
}

function segmentsOf(dir: string): number[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .map((f) => SEGMENT.exec(f))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => Number(m[1]))
    .sort((a, b) => a - b);
}

interface OpenBatch {
  segment: number;
  offset: number;
  length: number;
  /** the batch's JSON as the line holds it */
  json: string;
  batch: JournalBatch;
}

/** The batches of a journal directory's segments without a `D`, in order; `lastSeq` the highest sequence number seen. */
function openBatches(dir: string, segments: number[]): OpenBatch[] & { lastSeq: number } {
  const open = new Map<number, OpenBatch>();
  let lastSeq = 0;
  for (const seg of segments) {
    const text = readFileSync(join(dir, segmentName(seg)));
    let offset = 0;
    while (offset < text.length) {
      const end = text.indexOf(10, offset);
      // A line without its newline was being written when the process died: its scans were never acknowledged to the writer.
      if (end < 0) break;
      const line = text.toString('utf8', offset, end);
      if (line.startsWith('D ')) open.delete(Number(line.slice(2)));
      else {
        const batch = parseBatch(line);
        if (batch)
          open.set(batch.seq, {
            segment: seg,
            offset,
            length: end + 1 - offset,
            json: line.slice(line.indexOf(' ', 2) + 1),
            batch,
          });
      }
      const space = line.indexOf(' ', 2);
      const seq = Number(space < 0 ? line.slice(2) : line.slice(2, space));
      if (Number.isInteger(seq)) lastSeq = Math.max(lastSeq, seq);
      offset = end + 1;
    }
  }
  return Object.assign([...open.values()], { lastSeq });
}
