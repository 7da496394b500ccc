import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { claimJobs, markDead, markDone, markRetry, pruneFinishedJobs, releaseJob } from './jobs.repo.js';

/** Finished jobs are kept this long, then deleted by the polling runners, an hour apart at most. */
export const FINISHED_JOB_RETENTION_MS = 7 * 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;

export interface Job<P = unknown> {
  id: string;
  kind: string;
  payload: P;
  /** 1 for the first try */
  attempt: number;
  /** tries in all: retryDelaysMs.length + 1 */
  maxAttempts: number;
  /** aborted on timeout and on shutdown */
  signal: AbortSignal;
}

export type JobHandler<P = unknown> = (job: Job<P>) => Promise<void>;

/**
 * Runs many claimed jobs of one kind at once (docs/decisions.md D32), so their reads and writes
 * are set-based. Returns, per job and in order, null (done) or the error it failed with; a throw
 * fails them all.
 */
export type BatchHandler<P = unknown> = (jobs: Job<P>[]) => Promise<(Error | null)[]>;

export interface JobKindOptions {
  /** the pause before each retry: [before the 2nd try, before the 3rd, …]; no entries = one try */
  retryDelaysMs: number[];
  /** a try still running after this long fails (default 60 s); must stay below the lease */
  timeoutMs?: number;
  /** each pause varies by up to this fraction either way (default 0.1), so retries spread out */
  jitter?: number;
  /** a batch kind: how many jobs one pass claims for one call (default: the runner's concurrency) */
  batchSize?: number;
}

/** Thrown by a handler when trying again cannot help: the job is dead at once. */
export class PermanentJobError extends Error {}

export interface RunnerOptions {
  /** how often due jobs are looked for; 0 = never by itself (runDue only) */
  pollIntervalMs: number;
  /** jobs one instance runs at a time */
  concurrency: number;
  /** how long a claim holds before another instance may take the job again */
  leaseMs: number;
  /** how long close() waits for running jobs before it gives them back */
  shutdownGraceMs: number;
}

interface Kind {
  handler: JobHandler<any> | null;
  batch: BatchHandler<any> | null;
  opts: Required<JobKindOptions>;
}

type Claimed = Awaited<ReturnType<typeof claimJobs>>[number];

/**
 * Runs the jobs of the registered kinds (docs/decisions.md D12). One pass at a time per instance:
 * claim up to `concurrency` due jobs (and a batch of each batch kind), run them side by side,
 * record the outcomes, every success in one statement (docs/decisions.md D32). Instances share the table; the claim
 * keeps them from running a job twice while its lease holds.
 */
export class JobRunner {
  private readonly kinds = new Map<string, Kind>();
  private readonly running = new Map<string, AbortController>();
  private readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private current: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private prunedAt = 0;

  constructor(
    private readonly db: DB,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly opts: RunnerOptions,
  ) {}

  register<P>(kind: string, handler: JobHandler<P>, opts: JobKindOptions): void {
    this.add(kind, { handler, batch: null }, opts);
  }

  /** A kind whose claimed jobs run together, up to `batchSize` per call; the timeout covers the call. */
  registerBatch<P>(kind: string, batch: BatchHandler<P>, opts: JobKindOptions): void {
    this.add(kind, { handler: null, batch }, opts);
  }

  private add(kind: string, run: Pick<Kind, 'handler' | 'batch'>, opts: JobKindOptions): void {
    if (this.kinds.has(kind)) throw new Error(`job kind ${kind} is registered twice`);
    const timeoutMs = opts.timeoutMs ?? 60_000;
    if (timeoutMs >= this.opts.leaseMs) throw new Error(`job kind ${kind}: timeoutMs must stay below the lease`);
    const batchSize = Math.max(1, opts.batchSize ?? this.opts.concurrency);
    this.kinds.set(kind, {
      ...run,
      opts: { retryDelaysMs: opts.retryDelaysMs, timeoutMs, jitter: opts.jitter ?? 0.1, batchSize },
    });
  }

  /** Starts polling (the plugin calls it once the app is ready). */
  start(): void {
    if (this.opts.pollIntervalMs > 0 && !this.stopped) this.schedule();
  }

  /**
   * Runs every job due now by the app's clock, pass after pass until none is left, and returns how
   * many tries it made. Tests call it after moving their clock; it waits for a poll pass in progress.
   */
  runDue(): Promise<number> {
    return this.exclusive(async () => {
      let total = 0;
      for (let n = (await this.pass()).tries; n > 0; n = (await this.pass()).tries) total += n;
      return total;
    });
  }

  /** Stops polling; waits for running jobs up to the grace period, then aborts them and gives them back. */
  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    let grace: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      this.current.then(() => true),
      new Promise<boolean>((resolve) => (grace = setTimeout(() => resolve(false), this.opts.shutdownGraceMs))),
    ]);
    clearTimeout(grace);
    if (finished) return;
    const now = this.clock.now();
    // Given back first: the handler's failure that the abort causes then finds no lease to record on.
    for (const [id, ctl] of this.running) {
      await releaseJob(this.db, id, this.owner, now).catch((err: unknown) =>
        this.log.error({ err, job: id }, 'could not give a job back at shutdown; its lease expires instead'),
      );
      ctl.abort(new Error('shutting down'));
    }
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const next = this.current.then(work, work);
    this.current = next.catch(() => undefined);
    return next;
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      void this.exclusive(async () => {
        // A full pass means more may be waiting: go on at once rather than after the interval.
        while (!this.stopped && (await this.pass()).full);
        await this.prune();
      })
        .catch((err: unknown) => this.log.error({ err }, 'job poll failed; trying again at the next interval'))
        .finally(() => {
          if (!this.stopped) this.schedule();
        });
    }, this.opts.pollIntervalMs);
    this.timer.unref();
  }

  /** Deletes old finished jobs in small statements, so SQLite's event loop is never held long. */
  async prune(): Promise<number> {
    const now = this.clock.now();
    if (now.getTime() - this.prunedAt < PRUNE_EVERY_MS) return 0;
    this.prunedAt = now.getTime();
    const before = new Date(now.getTime() - FINISHED_JOB_RETENTION_MS);
    let total = 0;
    for (let n = -1; n !== 0 && !this.stopped && total < 50_000; total += n)
      n = await pruneFinishedJobs(this.db, before, 1_000);
    return total;
  }

  private async pass(): Promise<{ tries: number; full: boolean }> {
    if (this.kinds.size === 0 || this.stopped) return { tries: 0, full: false };
    const now = this.clock.now();
    const leaseUntil = new Date(now.getTime() + this.opts.leaseMs);
    const claim = (kinds: string[], limit: number) => claimJobs(this.db, kinds, this.owner, now, leaseUntil, limit);
    const singles = [...this.kinds].filter(([, k]) => k.handler).map(([name]) => name);
    const batches = [...this.kinds].filter(([, k]) => k.batch);
    const one = singles.length ? await claim(singles, this.opts.concurrency) : [];
    let full = one.length === this.opts.concurrency;
    const many: Claimed[][] = [];
    for (const [name, k] of batches) {
      const rows = await claim([name], k.opts.batchSize);
      full ||= rows.length === k.opts.batchSize;
      if (rows.length) many.push(rows);
    }
    const done: string[] = [];
    await Promise.all([...one.map((row) => this.run(row, done)), ...many.map((rows) => this.runBatch(rows, done))]);
    await markDone(this.db, done, this.owner, this.clock.now());
    return { tries: one.length + many.reduce((n, rows) => n + rows.length, 0), full };
  }

  private async run(row: Claimed, done: string[]): Promise<void> {
    const kind = this.kinds.get(row.kind)!;
    const ctl = new AbortController();
    this.running.set(row.id, ctl);
    try {
      await this.timed(kind, ctl, () => kind.handler!(this.jobOf(row, kind, ctl)));
      done.push(row.id);
    } catch (err) {
      await this.failed(row, kind, err);
    } finally {
      this.running.delete(row.id);
    }
  }

  private async runBatch(rows: Claimed[], done: string[]): Promise<void> {
    const kind = this.kinds.get(rows[0].kind)!;
    const ctl = new AbortController();
    for (const row of rows) this.running.set(row.id, ctl);
    try {
      let outcomes: unknown[];
      try {
        const jobs = rows.map((row) => this.jobOf(row, kind, ctl));
        const result = await this.timed(kind, ctl, () => kind.batch!(jobs));
        outcomes = rows.map((_, i) => result[i] ?? null);
      } catch (err) {
        outcomes = rows.map(() => err);
      }
      for (const [i, row] of rows.entries()) {
        if (outcomes[i] === null) done.push(row.id);
        else await this.failed(row, kind, outcomes[i]);
      }
    } finally {
      for (const row of rows) this.running.delete(row.id);
    }
  }

  private jobOf(row: Claimed, kind: Kind, ctl: AbortController): Job {
    return {
      id: row.id,
      kind: row.kind,
      payload: JSON.parse(row.payload),
      attempt: row.attempts,
      maxAttempts: kind.opts.retryDelaysMs.length + 1,
      signal: ctl.signal,
    };
  }

  private async timed<T>(kind: Kind, ctl: AbortController, work: () => Promise<T>): Promise<T> {
    const { timeoutMs } = kind.opts;
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        work(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            const err = new Error(`timed out after ${timeoutMs} ms`);
            ctl.abort(err);
            reject(err);
          }, timeoutMs);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async failed(row: Claimed, kind: Kind, err: unknown): Promise<void> {
    const { retryDelaysMs, jitter } = kind.opts;
    const now = this.clock.now();
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof PermanentJobError || row.attempts >= retryDelaysMs.length + 1) {
      this.log.warn({ job: row.id, kind: row.kind, err }, 'job failed for good');
      await markDead(this.db, row.id, this.owner, now, message);
    } else {
      const pause = retryDelaysMs[row.attempts - 1] * (1 + jitter * (2 * Math.random() - 1));
      await markRetry(this.db, row.id, this.owner, now, new Date(now.getTime() + Math.round(pause)), message);
    }
  }
}
