import { it } from 'node:test';
import assert from 'node:assert/strict';
import { createHarness, randomSlug, type Harness } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { enqueueJob, PermanentJobError, type Job } from '../../../src/platform/jobs/index.js';
import { TestClock } from '../../support/clock.js';

const START = Date.parse('2026-03-01T10:00:00.000Z');
const clock = new TestClock(START);
const NO_POLL = { JOBS_POLL_INTERVAL_MS: '0' };

forEachDialect('job queue', (dialect) => {
  // the instances of the two-instance test share this harness's queue
  const jobsScope = randomSlug('jobs');
  const { h } = useHarness(dialect, { env: NO_POLL, clock, jobsScope, tenant: false });

  const rowIn = (x: Harness, id: string) =>
    x.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const row = (id: string) => rowIn(h, id);
  const jobsOf = (kind: string) => h.db.selectFrom('jobs').selectAll().where('kind', '=', kind).execute();

  it('a job enqueued in a rolled-back transaction never exists; a committed one runs once', async () => {
    const kind = randomSlug('k');
    const seen: Job[] = [];
    h.app.jobs.register(kind, async (job) => void seen.push(job), { retryDelaysMs: [] });
    await assert.rejects(
      h.db.transaction().execute(async (trx) => {
        await enqueueJob(trx, { kind, payload: { n: 1 } }, clock.now());
        throw new Error('the change fails');
      }),
      /the change fails/,
    );
    assert.equal((await jobsOf(kind)).length, 0);
    const id = await h.db.transaction().execute((trx) => enqueueJob(trx, { kind, payload: { n: 2 } }, clock.now()));
    assert.ok(id);
    assert.equal(await h.app.jobs.runDue(), 1);
    assert.equal(await h.app.jobs.runDue(), 0);
    assert.deepEqual(
      seen.map((j) => [j.id, j.payload, j.attempt, j.maxAttempts]),
      [[id, { n: 2 }, 1, 1]],
    );
    assert.equal((await row(id)).status, 'done');
  });

  it('a second enqueue with the same dedupe key is a no-op; another kind may use the key', async () => {
    const kind = randomSlug('k');
    const first = await enqueueJob(h.db, { kind, payload: 1, dedupeKey: 'once' }, clock.now());
    const again = await enqueueJob(h.db, { kind, payload: 2, dedupeKey: 'once' }, clock.now());
    const other = await enqueueJob(h.db, { kind: `${kind}-b`, payload: 3, dedupeKey: 'once' }, clock.now());
    assert.ok(first);
    assert.equal(again, null);
    assert.ok(other);
    assert.deepEqual(
      (await jobsOf(kind)).map((j) => j.payload),
      ['1'],
    );
  });

  it('a job that runs later waits for its time', async () => {
    const kind = randomSlug('k');
    let runs = 0;
    h.app.jobs.register(kind, async () => void runs++, { retryDelaysMs: [] });
    await enqueueJob(h.db, { kind, payload: null, runAt: new Date(clock.t + 60_000) }, clock.now());
    assert.equal(await h.app.jobs.runDue(), 0);
    clock.t += 60_000;
    assert.equal(await h.app.jobs.runDue(), 1);
    assert.equal(runs, 1);
  });

  it('failures are retried after the configured pauses with jitter, then succeed', async () => {
    const kind = randomSlug('k');
    let runs = 0;
    h.app.jobs.register(
      kind,
      async () => {
        if (++runs <= 2) throw new Error(`receiver down ${runs}`);
      },
      { retryDelaysMs: [1_000, 60_000, 60_000], jitter: 0.1 },
    );
    const id = (await enqueueJob(h.db, { kind, payload: null }, clock.now()))!;
    assert.equal(await h.app.jobs.runDue(), 1);
    let r = await row(id);
    assert.equal(r.status, 'pending');
    assert.equal(r.attempts, 1);
    assert.equal(r.last_error, 'receiver down 1');
    const wait1 = Date.parse(r.run_at) - clock.t;
    assert.ok(wait1 >= 900 && wait1 <= 1_100, `first pause ${wait1} ms`);
    assert.equal(await h.app.jobs.runDue(), 0, 'not before its time');
    clock.t += 1_100;
    assert.equal(await h.app.jobs.runDue(), 1);
    r = await row(id);
    const wait2 = Date.parse(r.run_at) - clock.t;
    assert.ok(wait2 >= 54_000 && wait2 <= 66_000, `second pause ${wait2} ms`);
    clock.t += 66_000;
    assert.equal(await h.app.jobs.runDue(), 1);
    r = await row(id);
    assert.equal(r.status, 'done');
    assert.equal(r.attempts, 3);
    assert.equal(runs, 3);
  });

  it('a job is dead after its last try, or at once on a permanent failure', async () => {
    const kind = randomSlug('k');
    h.app.jobs.register(
      kind,
      async (job: Job<{ permanent: boolean }>) => {
        throw job.payload.permanent ? new PermanentJobError('gone') : new Error('down');
      },
      { retryDelaysMs: [0] },
    );
    const flaky = (await enqueueJob(h.db, { kind, payload: { permanent: false } }, clock.now()))!;
    const gone = (await enqueueJob(h.db, { kind, payload: { permanent: true } }, clock.now()))!;
    assert.equal(await h.app.jobs.runDue(), 3, 'two tries of one job, one of the other');
    assert.deepEqual(
      [await row(flaky), await row(gone)].map((r) => [r.status, r.attempts, r.last_error]),
      [
        ['dead', 2, 'down'],
        ['dead', 1, 'gone'],
      ],
    );
  });

  it('a try that outlives its timeout is aborted and retried', async () => {
    const kind = randomSlug('k');
    let aborted = false;
    h.app.jobs.register(
      kind,
      (job) =>
        new Promise<void>((resolve) => {
          if (job.attempt > 1) return resolve();
          job.signal.addEventListener('abort', () => (aborted = true));
        }),
      { retryDelaysMs: [0], timeoutMs: 50 },
    );
    const id = (await enqueueJob(h.db, { kind, payload: null }, clock.now()))!;
    assert.equal(await h.app.jobs.runDue(), 2);
    assert.ok(aborted);
    assert.equal((await row(id)).status, 'done');
  });

  it('a claim whose instance died is taken again once its lease expires, and the lost try counts', async () => {
    const kind = randomSlug('k');
    let runs = 0;
    h.app.jobs.register(kind, async () => void runs++, { retryDelaysMs: [1_000] });
    const id = (await enqueueJob(h.db, { kind, payload: null }, clock.now()))!;
    // Another instance claimed it, then crashed before recording anything.
    const leaseUntil = new Date(clock.t + h.config.jobs.leaseMs).toISOString();
    await h.db
      .updateTable('jobs')
      .set({ status: 'running', attempts: 1, locked_by: 'crashed-instance', locked_until: leaseUntil })
      .where('id', '=', id)
      .execute();
    assert.equal(await h.app.jobs.runDue(), 0, 'the lease still holds');
    clock.t += h.config.jobs.leaseMs;
    assert.equal(await h.app.jobs.runDue(), 1);
    const r = await row(id);
    assert.deepEqual([r.status, r.attempts, r.locked_by, runs], ['done', 2, null, 1]);
  });

  it('finished jobs are deleted once a week old, unfinished ones never', async () => {
    const kind = randomSlug('k');
    h.app.jobs.register(kind, async () => undefined, { retryDelaysMs: [] });
    const done = (await enqueueJob(h.db, { kind, payload: null }, clock.now()))!;
    await h.app.jobs.runDue();
    const waiting = (await enqueueJob(
      h.db,
      { kind, payload: null, runAt: new Date(clock.t + 30 * 86_400_000) },
      clock.now(),
    ))!;
    clock.t += 8 * 86_400_000;
    assert.ok((await h.app.jobs.prune()) >= 1);
    const left = (await jobsOf(kind)).map((j) => j.id);
    assert.deepEqual(left, [waiting]);
    assert.ok(!left.includes(done));
  });

  it('close() waits for a running job and records its outcome', async () => {
    const other = await createHarness(dialect, NO_POLL, { clock });
    const kind = randomSlug('k');
    let finish!: () => void;
    other.app.jobs.register(kind, () => new Promise<void>((resolve) => (finish = resolve)), { retryDelaysMs: [] });
    const id = (await enqueueJob(other.db, { kind, payload: null }, clock.now()))!;
    const running = other.app.jobs.runDue();
    while (!finish) await new Promise((r) => setTimeout(r, 5));
    const closing = other.app.close();
    setTimeout(() => finish(), 20);
    await closing;
    await running;
    assert.equal((await rowIn(other, id)).status, 'done');
    await other.db.destroy();
  });

  it('close() gives back a job still running after the grace period, untried', async () => {
    const other = await createHarness(dialect, { ...NO_POLL, JOBS_SHUTDOWN_GRACE_MS: '30' }, { clock });
    const kind = randomSlug('k');
    let started = false;
    other.app.jobs.register(kind, () => new Promise<void>(() => void (started = true)), { retryDelaysMs: [] });
    const id = (await enqueueJob(other.db, { kind, payload: null }, clock.now()))!;
    void other.app.jobs.runDue();
    while (!started) await new Promise((r) => setTimeout(r, 5));
    await other.app.close();
    const r = await rowIn(other, id);
    assert.deepEqual([r.status, r.attempts, r.locked_by], ['pending', 0, null]);
    await other.db.destroy();
  });

  if (dialect.name === 'postgres') {
    it('two instances on one database never run a job twice', async () => {
      const env = { ...NO_POLL, JOBS_CONCURRENCY: '7' };
      const a = await createHarness(dialect, env, { clock, jobsScope });
      const b = await createHarness(dialect, env, { clock, jobsScope });
      try {
        const kind = randomSlug('k');
        const runs = new Map<string, string[]>();
        const handler = (who: string) => async (job: Job) => {
          runs.set(job.id, [...(runs.get(job.id) ?? []), who]);
          await new Promise((r) => setTimeout(r, Math.random() * 3));
        };
        a.app.jobs.register(kind, handler('a'), { retryDelaysMs: [] });
        b.app.jobs.register(kind, handler('b'), { retryDelaysMs: [] });
        const ids: string[] = [];
        for (let i = 0; i < 300; i++) ids.push((await enqueueJob(h.db, { kind, payload: i }, clock.now()))!);
        const [na, nb] = await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue()]);
        assert.equal(na + nb, 300);
        assert.ok(na > 0 && nb > 0, `both instances worked (${na}, ${nb})`);
        assert.equal(runs.size, 300);
        assert.ok(
          [...runs.values()].every((who) => who.length === 1),
          'every job ran exactly once',
        );
        assert.ok((await jobsOf(kind)).every((j) => j.status === 'done'));
      } finally {
        await a.close();
        await b.close();
      }
    });
  }
});
