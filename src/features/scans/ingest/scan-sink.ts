import type { FastifyBaseLogger } from 'fastify';
import { retried } from '../../../lib/retry.js';
import { encodeScans, type Scan } from './scan.js';
import { isoMonth } from '../../../lib/time.js';
import { CommitHooks } from '../flush/consumers.js';
import type { AfterCommit, ScanRuntimePort } from '../../../platform/scan-consumers.js';
import type { ScanJournal } from './scan-journal.js';

/**
 * Where the redirect puts scans. `record` is synchronous and cheap; the scan reaches the database
 * later, in one transaction with its rollups and counters (flush/flush.ts). Until then the pending
 * counters keep max_scans and usage exact for this instance.
 */
export interface ScanSink extends ScanRuntimePort {
  record(scan: Scan): void;
  /** counted (non-bot) scans of a short code recorded and not yet written */
  pendingForCode(shortCode: string): number;
  /** scans recorded and not yet written */
  readonly size: number;
  /** counts since start and the backlog, for /v1/health and GET /metrics */
  stats(): SinkStats;
  /** writes everything recorded so far; rejects if a write failed (the scans stay queued) */
  flush(): Promise<void>;
  /** stops the timer and writes what is left */
  close(): Promise<void>;
}

/**
 * Writes scans with their rollups and counters in one transaction; rejects if nothing was written.
 * `starts` are the indexes where each batch the sink cut begins (several waiting batches are
 * written as one): a batch is the unit a replay finds already written, so it is never split.
 */
export type ScanWriter = (scans: Scan[], starts: number[]) => Promise<void>;

/**
 * The same for a writer that takes the scans in the journal's form: each batch a JSON array of
 * ScanTuple (scan.ts) as UTF-8 bytes, in order. It must not keep them: a write that fails is
 * retried with the same buffers.
 */
export type EncodedScanWriter = (batches: Buffer[], starts: number[]) => Promise<void>;

/**
 * Without a journal: about 30 MB of pending scans (a scan object and its share of strings is
 * ~150 bytes; as a writer thread's JSON, about twice that); past it new scans are dropped, and counted.
 */
export const MAX_PENDING = 200_000;

/** Open scans are cut into a batch at this many (SinkOptions.maxBatch). */
const MAX_BATCH = 1_000;

/** With a journal, batches beyond this many wait on disk only, and are read back in their turn. */
export const MEMORY_BATCHES = 20;

/**
 * An encoded writer's (the SQLite thread's) batches are cut at this many scans, and this many of
 * them wait in memory (as many scans as MEMORY_BATCHES of MAX_BATCH). A batch's JSON then stays
 * under V8's and malloc's 128 KB thresholds, so its string and buffers reuse warm memory instead
 * of fresh pages, which cost about 3.4 ms a MB on the benchmark's machine (docs/decisions.md D49).
 */
export const ENCODED_BATCH = 250;
export const ENCODED_MEMORY_BATCHES = (MEMORY_BATCHES * MAX_BATCH) / ENCODED_BATCH;

/**
 * Waiting batches are written together up to this many scans: a batch spread over 2,000 codes adds
 * to about 23 rollup cells a scan at 1,000 scans and far fewer at 10,000, where each code-value cell
 * collects several scans (docs/scans-pipeline.md). The database falling behind thus makes each
 * scan cheaper to write, and the backlog drains.
 */
export const MAX_WRITE = 10_000;

/**
 * A SQLite file has one writer: an API write on the main connection waits (asynchronously,
 * docs/decisions.md D43) while the writer thread's transaction holds the lock. With traffic spread
 * over many codes a scan costs the writer a sixth to a quarter less in writes of 12,000 than of
 * 6,000, and writes a third fewer bytes: each write dirties about one page a code whatever its
 * size (docs/decisions.md D45).
 */
export const MAX_WRITE_SQLITE = 12_000;

/**
 * A SQLite file and PostgreSQL write on every second timer tick, or once a full write waits
 * (docs/decisions.md D45, D50).
 */
export const WRITE_TICKS = 2;

/**
 * How often a journaling sink looks for the slots of dead processes in its journal directory
 * (docs/decisions.md D67): a SIGKILLed instance that is not restarted has its scans written by
 * another within this time. A look is one directory listing and a stat per slot.
 */
export const ADOPT_MS = 5_000;

/** `sqlite::memory:` writes in process, with the event loop stopped meanwhile: shorter writes. */
export const MAX_WRITE_SQLITE_IN_PROCESS = 3_000;

/** What the sink has seen since start: /v1/health and GET /metrics read it. */
export interface SinkStats {
  received: number;
  written: number;
  dropped: number;
  pending: number;
  /** age of the oldest scan not yet written, ms (0 when none) */
  lagMs: number;
  journal: 'on' | 'off' | 'unavailable';
  journalBytes: number;
}

export interface SinkOptions {
  maxBatch?: number;
  /** with a journal, batches past this many wait on disk only (MEMORY_BATCHES) */
  memoryBatches?: number;
  /** waiting batches written together up to this many scans (MAX_WRITE) */
  maxWrite?: number;
  /**
   * Cut batches wait for the timer (or for `maxWrite` scans) instead of being written at once: with
   * traffic spread over many codes a scan costs a SQLite file half as much in 6,000-scan writes as
   * in 1,000-scan ones (docs/decisions.md D43), and PostgreSQL a third less (D50).
   */
  coalesce?: boolean;
  /**
   * Coalescing, a timer tick writes on every this many ticks (1); the others only cut the open
   * scans into batches, so the journal's loss bound stays one tick (docs/decisions.md D45).
   */
  writeTicks?: number;
  /**
   * Writes batches in the journal's form instead of calling the sink's ScanWriter (the SQLite
   * writer thread, which takes a string). A cut batch then keeps only its JSON, not its scan
   * objects: held a second or more until written, they survived young-generation collections,
   * were promoted and marked, on every redirect (docs/benchmarks.md).
   */
  encoded?: EncodedScanWriter;
  journal?: ScanJournal | null;
  /** whether a journal was asked for (null journal and true: another process holds it) */
  journalWanted?: boolean;
  /** fsync interval of the journal, ms */
  syncMs?: number;
  /** how often the slots of dead processes beside this one are looked for, ms (ADOPT_MS) */
  adoptMs?: number;
  /** called after each committed batch with its duration */
  onFlush?: (seconds: number, scans: number) => void;
  now?: () => number;
  /** the consumers' after-commit hooks, which the writer runs */
  hooks?: CommitHooks;
}

interface Batch {
  /** journal sequence number; null when only in memory */
  seq: number | null;
  count: number;
  firstAt: number;
  /** null: read back from the journal in its turn (spilled, or recovered for an encoded writer), or kept as `json` */
  scans: Scan[] | null;
  /** the batch in the journal's form, with an EncodedScanWriter; null when read back from the journal */
  json: Buffer | null;
  /** its counted (non-bot) scans, taken off the pending counters once written */
  tally: Tally;
}

/** Counted scans by short code, and by organization and usage period. */
interface Tally {
  codes: Map<string, number>;
  orgs: Map<string, Map<string, number>>;
}

function tallyOf(scans: Scan[]): Tally {
  const t: Tally = { codes: new Map(), orgs: new Map() };
  for (const scan of scans) if (!scan.bot) addTo(t.codes, t.orgs, scan, 1);
  return t;
}

function addTo(codes: Tally['codes'], orgs: Tally['orgs'], scan: Scan, by: number) {
  bump(codes, scan.code.shortCode, by);
  let periods = orgs.get(scan.code.organizationId);
  if (!periods) orgs.set(scan.code.organizationId, (periods = new Map()));
  bump(periods, monthOf(scan.at), by);
  if (!periods.size) orgs.delete(scan.code.organizationId);
}

const ignore = () => undefined;

/** What a drain writes: everything; whatever waits once, then full writes; full writes only. */
type DrainMode = 'all' | 'tick' | 'full';
const CLOSE_ATTEMPTS = 3;

/**
 * The in-process sink: scans collect in an array and are cut into batches of `maxBatch` on a
 * short timer and when a batch is full. With a journal (scan-journal.ts) every batch is appended
 * to disk when it is cut, before the database sees it, so a killed process loses only the scans
 * not yet cut (at most SCAN_FLUSH_MS of them); past `memoryBatches` waiting batches the rest wait
 * on disk only, so a long outage or a slow database costs disk, not memory, and drops nothing.
 * Without one, an outage loses nothing until MAX_PENDING. Batches waiting together are written
 * together (MAX_WRITE). A failed write leaves its batches at the head of the queue, retried on
 * the next tick.
 */
export class BufferedScanSink implements ScanSink {
  private open: Scan[] = [];
  private queue: Batch[] = [];
  private inMemory = 0;
  private pending = 0;
  private byCode = new Map<string, number>();
  /** organization → usage period (YYYY-MM) → counted scans pending: no key string built per scan */
  private byOrg = new Map<string, Map<string, number>>();
  private chain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout;
  private syncTimer: NodeJS.Timeout | null = null;
  private adoptTimer: NodeJS.Timeout | null = null;
  private closed = false;
  private dropped = 0;
  private received = 0;
  private written = 0;
  private maxBatch: number;
  private memoryBatches: number;
  private maxWrite: number;
  private coalesce: boolean;
  private writeTicks: number;
  private ticks = 0;
  private encoded: EncodedScanWriter | null;
  private journal: ScanJournal | null;
  private now: () => number;

  private hooks: CommitHooks;

  afterCommit<Out>(consumer: string, hook: AfterCommit<Out>): void {
    this.hooks.add(consumer, hook);
  }

  constructor(
    private write: ScanWriter,
    private log: FastifyBaseLogger,
    flushMs: number,
    options: SinkOptions | number = {},
  ) {
    const o = typeof options === 'number' ? { maxBatch: options } : options;
    this.maxBatch = o.maxBatch ?? MAX_BATCH;
    this.memoryBatches = o.memoryBatches ?? MEMORY_BATCHES;
    this.maxWrite = o.maxWrite ?? MAX_WRITE;
    this.coalesce = o.coalesce ?? false;
    this.writeTicks = Math.max(1, o.writeTicks ?? 1);
    this.encoded = o.encoded ?? null;
    this.journal = o.journal ?? null;
    this.now = o.now ?? Date.now;
    this.journalState = this.journal ? 'on' : o.journalWanted ? 'unavailable' : 'off';
    this.onFlush = o.onFlush ?? ignore;
    this.hooks = o.hooks ?? new CommitHooks(log);
    this.queueRecovered();
    this.timer = setInterval(() => void this.writeQueue(this.tickMode()).catch(ignore), Math.max(10, flushMs));
    this.timer.unref();
    if (this.journal) {
      const journal = this.journal;
      this.syncTimer = setInterval(() => void journal.sync(), Math.max(10, o.syncMs ?? 1_000));
      this.syncTimer.unref();
      // A process that died beside this one (same journal directory) is drained here, restarted or not (docs/decisions.md D67).
      this.adoptTimer = setInterval(() => this.adopt(), Math.max(10, o.adoptMs ?? ADOPT_MS));
      this.adoptTimer.unref();
    }
    if (this.queue.length) void this.flush().catch(ignore);
  }

  /** Batches the journal recovered or adopted join the queue, counted as pending at once. */
  private queueRecovered(): void {
    for (const b of this.journal?.takeRecovered() ?? []) {
      const tally = tallyOf(b.scans!);
      this.addTally(tally, 1);
      this.pending += b.count;
      // An encoded writer reads a recovered batch back from the journal in its turn.
      const scans = this.encoded ? null : b.scans;
      this.push({ seq: b.seq, count: b.count, firstAt: b.firstAt, scans, json: null, tally });
    }
  }

  /** Takes over the journal slots of dead processes; their batches are written in their turn. */
  adopt(): number {
    if (!this.journal || this.closed) return 0;
    let n = 0;
    try {
      n = this.journal.adoptDead();
    } catch (err) {
      this.log.error({ err }, 'scan journal: adopting a dead process’s slot failed; tried again later');
    }
    if (n) this.queueRecovered();
    return n;
  }

  /** What a timer tick writes: everything; or, coalescing, what waits on every `writeTicks`-th tick and only full writes between. */
  private tickMode(): DrainMode {
    if (!this.coalesce) return 'all';
    this.ticks = (this.ticks + 1) % this.writeTicks;
    return this.ticks === 0 ? 'tick' : 'full';
  }

  private journalState: SinkStats['journal'];
  private onFlush: (seconds: number, scans: number) => void;

  record(scan: Scan): void {
    this.received++;
    // Without a journal the queue grows while the database is unreachable; past this bound new
    // scans are dropped (and counted) rather than letting the process run out of memory.
    if (!this.journal && this.pending >= MAX_PENDING) {
      this.dropped++;
      return;
    }
    this.open.push(scan);
    this.pending++;
    if (!scan.bot) addTo(this.byCode, this.byOrg, scan, 1);
    if (this.open.length >= this.maxBatch || this.closed) {
      this.cut();
      if (!this.coalesce || this.closed || this.pending >= this.maxWrite)
        void this.writeQueue(this.coalesce && !this.closed ? 'full' : 'all').catch(ignore);
    }
  }

  pendingForCode(shortCode: string): number {
    return this.byCode.get(shortCode) ?? 0;
  }

  pendingForOrganization(organizationId: string, period: string): number {
    return this.byOrg.get(organizationId)?.get(period) ?? 0;
  }

  get size(): number {
    return this.pending;
  }

  stats(): SinkStats {
    const first = this.queue.length ? this.queue[0].firstAt : this.open.length ? this.open[0].at : null;
    return {
      received: this.received,
      written: this.written,
      dropped: this.dropped,
      pending: this.pending,
      lagMs: first === null ? 0 : Math.max(0, this.now() - first),
      journal: this.journalState,
      journalBytes: this.journal?.bytes ?? 0,
    };
  }

  flush(): Promise<void> {
    return this.writeQueue('all');
  }

  /** Cuts the open scans and writes the queue (drain). */
  private writeQueue(mode: DrainMode): Promise<void> {
    this.cut();
    const run = this.chain.then(() => this.drain(mode));
    this.chain = run.catch(ignore);
    return run;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    if (this.syncTimer) clearInterval(this.syncTimer);
    if (this.adoptTimer) clearInterval(this.adoptTimer);
    try {
      // A pooled connection the database dropped fails once and leaves the pool: try again before
      // giving up on what is left (the failure is logged with the count by drain()).
      await retried(() => this.flush(), CLOSE_ATTEMPTS, 100);
    } finally {
      // What could not be written stays in the journal for the next start.
      if (this.journal) {
        await this.journal.sync();
        this.journal.close();
      }
    }
  }

  private addTally(t: Tally, by: 1 | -1) {
    for (const [code, n] of t.codes) bump(this.byCode, code, by * n);
    for (const [org, periods] of t.orgs) {
      let mine = this.byOrg.get(org);
      if (!mine) this.byOrg.set(org, (mine = new Map()));
      for (const [period, n] of periods) bump(mine, period, by * n);
      if (!mine.size) this.byOrg.delete(org);
    }
  }

  /** The open scans become batches, appended to the journal first. */
  private cut(): void {
    while (this.open.length) {
      const scans = this.open.length > this.maxBatch ? this.open.splice(0, this.maxBatch) : this.open;
      if (scans === this.open) this.open = [];
      let seq: number | null = null;
      let json: Buffer | null = null;
      if (this.journal) {
        try {
          // The journal's form hashes each IP (the journal never holds a raw one).
          ({ seq, bytes: json } = this.journal.appendEncoded(this.journal.encode(scans)));
        } catch (err) {
          // The disk refused: this batch waits in memory like an unjournaled one.
          this.log.error({ err }, 'scan journal: append failed; batch kept in memory');
        }
      }
      // Without a journal (or when encoding failed) an encoded writer gets the raw IP and hashes it itself.
      if (this.encoded && json === null) json = Buffer.from(encodeScans(scans));
      // An encoded writer's batch keeps its JSON only; any other keeps its scans.
      const encoded = this.encoded !== null;
      this.push({
        seq,
        count: scans.length,
        firstAt: scans[0].at,
        scans: encoded ? null : scans,
        json: encoded ? json : null,
        tally: tallyOf(scans),
      });
    }
  }

  private push(batch: Batch): void {
    if (batch.seq !== null && this.inMemory >= this.memoryBatches) {
      batch.scans = null;
      batch.json = null;
    }
    if (batch.scans || batch.json) this.inMemory++;
    this.queue.push(batch);
  }

  /**
   * Writes the queue, `maxWrite` scans at a time: all of it, or (coalescing, docs/decisions.md D43)
   * only while a full write waits, after one write of whatever waits on a timer tick. What is left
   * waits for the next tick and joins the scans cut meanwhile.
   */
  private async drain(mode: DrainMode): Promise<void> {
    for (let writes = 0; this.queue.length; writes++) {
      const full = this.pending - this.open.length >= this.maxWrite;
      if (!full && (mode === 'full' || (mode === 'tick' && writes > 0))) return;
      const started = performance.now();
      const taken: Batch[] = [];
      const starts: number[] = [];
      let count = 0;
      try {
        for (const batch of this.queue) {
          if (taken.length && count + batch.count > this.maxWrite) break;
          taken.push(batch);
          starts.push(count);
          count += batch.count;
        }
        if (this.encoded)
          await this.encoded(
            taken.map((b) => b.json ?? this.journal!.readEncoded(b.seq!)),
            starts,
          );
        else
          await this.write(
            taken.flatMap((b) => b.scans ?? this.journal!.read(b.seq!)),
            starts,
          );
      } catch (err) {
        this.log.error({ err, pending: this.pending, dropped: this.dropped }, 'scan flush failed; will retry');
        throw err;
      }
      for (const batch of taken) {
        this.queue.shift();
        if (batch.scans || batch.json) this.inMemory--;
        this.addTally(batch.tally, -1);
      }
      this.pending -= count;
      this.written += count;
      // After the counters: a disk that refuses the `D` line leaves the batch to be replayed (and
      // found written) after a restart, not counted as pending meanwhile.
      for (const batch of taken) {
        if (batch.seq === null) continue;
        try {
          this.journal!.done(batch.seq);
        } catch (err) {
          this.log.error({ err }, 'scan journal: marking a written batch failed; a restart finds it written');
        }
      }
      this.onFlush((performance.now() - started) / 1000, count);
      // An in-process SQLite write blocks the event loop: let waiting redirects through between
      // batches. On a SQLite file this turn is also when an API write the writer thread's answer
      // woke takes the lock, before the next batch (docs/decisions.md D43).
      if (this.queue.length) await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

let month = { start: 0, end: 0, period: '' };
/** The usage period (YYYY-MM) of epoch ms, without a Date per scan: scans arrive in time order, so one month is cached. */
function monthOf(ms: number): string {
  if (ms < month.start || ms >= month.end) {
    const d = new Date(ms);
    month = {
      start: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1),
      end: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1),
      period: isoMonth(d),
    };
  }
  return month.period;
}

function bump(map: Map<string, number>, key: string, by: number) {
  const n = (map.get(key) ?? 0) + by;
  if (n === 0) map.delete(key);
  else map.set(key, n);
}
