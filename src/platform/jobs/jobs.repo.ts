import { sql, type SelectQueryBuilder } from 'kysely';
import { isPostgres, type DB } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

export interface NewJob {
  kind: string;
  /** anything JSON can hold; the handler receives it parsed */
  payload: unknown;
  /** not before this instant (default: now) */
  runAt?: Date;
  /** unique per kind: a second enqueue with the same key is a no-op */
  dedupeKey?: string;
}

/**
 * Adds a job inside the caller's transaction (docs/decisions.md D12): a rolled-back change never
 * yields its job, a committed one always does. Returns the id, or null when the key was taken.
 */
export async function enqueueJob(db: DB, job: NewJob, now: Date): Promise<string | null> {
  const at = now.toISOString();
  const row = await db
    .insertInto('jobs')
    .values({
      id: newId('job'),
      kind: job.kind,
      payload: JSON.stringify(job.payload ?? null),
      dedupe_key: job.dedupeKey ?? null,
      status: 'pending',
      attempts: 0,
      run_at: (job.runAt ?? now).toISOString(),
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.columns(['kind', 'dedupe_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Adds many jobs in one statement, inside the caller's transaction (a fan-out's deliveries,
 * docs/decisions.md D32). Returns the dedupe keys that were free, so the caller writes only the rows whose job exists.
 */
export async function enqueueJobs(db: DB, jobs: (NewJob & { dedupeKey: string })[], now: Date): Promise<Set<string>> {
  if (jobs.length === 0) return new Set();
  const at = now.toISOString();
  const rows = await db
    .insertInto('jobs')
    .values(
      jobs.map((job) => ({
        id: newId('job'),
        kind: job.kind,
        payload: JSON.stringify(job.payload ?? null),
        dedupe_key: job.dedupeKey,
        status: 'pending' as const,
        attempts: 0,
        run_at: (job.runAt ?? now).toISOString(),
        created_at: at,
        updated_at: at,
      })),
    )
    .onConflict((oc) => oc.columns(['kind', 'dedupe_key']).doNothing())
    .returning('dedupe_key')
    .execute();
  return new Set(rows.map((r) => r.dedupe_key!));
}

/**
 * Leases up to `limit` jobs of the given kinds to `owner`: first running ones whose lease ran out
 * (their instance died), then due pending ones, oldest first. Two statements, each served by its
 * partial index (migration 0036): PostgreSQL refuses FOR UPDATE across a UNION, and an OR of the
 * two made the planner read every dead index entry a burst leaves behind. On PostgreSQL SKIP LOCKED
 * lets instances claim side by side without ever taking the same row; SQLite has one writer.
 */
export async function claimJobs(db: DB, kinds: string[], owner: string, now: Date, leaseUntil: Date, limit: number) {
  const at = now.toISOString();
  const expired = db
    .selectFrom('jobs')
    .select('id')
    .where('kind', 'in', kinds)
    .where('status', '=', 'running')
    .where('locked_until', '<=', at)
    .orderBy('locked_until')
    .limit(limit);
  const claimed = await take(db, expired, owner, at, leaseUntil);
  if (claimed.length >= limit) return claimed;
  const pending = db
    .selectFrom('jobs')
    .select('id')
    .where('kind', 'in', kinds)
    .where('status', '=', 'pending')
    .where('run_at', '<=', at)
    .orderBy('run_at')
    .limit(limit - claimed.length);
  return [...claimed, ...(await take(db, pending, owner, at, leaseUntil))];
}

type DueQuery = SelectQueryBuilder<Database, 'jobs', { id: string }>;

async function take(db: DB, due: DueQuery, owner: string, at: string, leaseUntil: Date) {
  // On SQLite an UPDATE takes the file's write lock even when it changes nothing, and waits out
  // the scan writer thread's batch meanwhile (docs/decisions.md D43): a read first, which WAL
  // never makes wait, so an idle poll takes no lock.
  if (!isPostgres(db) && !(await due.execute()).length) return [];
  return db
    .updateTable('jobs')
    .set({
      status: 'running',
      locked_by: owner,
      locked_until: leaseUntil.toISOString(),
      attempts: sql<number>`attempts + 1`,
      updated_at: at,
    })
    .where('id', 'in', isPostgres(db) ? due.forUpdate().skipLocked() : due)
    .returning(['id', 'kind', 'payload', 'attempts'])
    .execute();
}

// Every change below is fenced by the lease: a runner that lost its job to another changes nothing.
function leased(db: DB, id: string, owner: string) {
  return db.updateTable('jobs').where('id', '=', id).where('locked_by', '=', owner).where('status', '=', 'running');
}

/** Completes every job of a pass in one statement (docs/decisions.md D32): one write, not one per job. */
export async function markDone(db: DB, ids: string[], owner: string, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('jobs')
    .where('id', 'in', ids)
    .where('locked_by', '=', owner)
    .where('status', '=', 'running')
    .set({ status: 'done', locked_by: null, locked_until: null, last_error: null, updated_at: now.toISOString() })
    .execute();
}

export async function markRetry(db: DB, id: string, owner: string, now: Date, runAt: Date, error: string) {
  await leased(db, id, owner)
    .set({
      status: 'pending',
      run_at: runAt.toISOString(),
      locked_by: null,
      locked_until: null,
      last_error: error,
      updated_at: now.toISOString(),
    })
    .execute();
}

export async function markDead(db: DB, id: string, owner: string, now: Date, error: string): Promise<void> {
  await leased(db, id, owner)
    .set({ status: 'dead', locked_by: null, locked_until: null, last_error: error, updated_at: now.toISOString() })
    .execute();
}

/** Gives a claimed job back untried (shutdown): due again at once, and the try does not count. */
export async function releaseJob(db: DB, id: string, owner: string, now: Date): Promise<void> {
  await leased(db, id, owner)
    .set({
      status: 'pending',
      attempts: sql<number>`attempts - 1`,
      locked_by: null,
      locked_until: null,
      updated_at: now.toISOString(),
    })
    .execute();
}

/**
 * Deletes up to `limit` finished jobs (done or dead) last changed before `before`, oldest first;
 * returns how many. Kept a while for inspection, then they would only grow the table.
 */
export async function pruneFinishedJobs(db: DB, before: Date, limit: number): Promise<number> {
  const old = db
    .selectFrom('jobs')
    .select('id')
    .where('status', 'in', ['done', 'dead'])
    .where('updated_at', '<', before.toISOString())
    .orderBy('updated_at')
    .limit(limit);
  const result = await db.deleteFrom('jobs').where('id', 'in', old).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** One kind's share of the queue: what waits, what runs, and what failed since `since`. */
export interface JobKindHealth {
  kind: string;
  pending: number;
  running: number;
  /** tries that failed since `since`: jobs waiting for a retry, and jobs that gave up (dead) */
  failed: number;
  /** of those, the ones that gave up */
  dead: number;
}

/**
 * The queue by kind for the operator (docs/decisions.md D77): done jobs are left out, so the read
 * stays on the rows still waiting plus the few failed ones kept for inspection.
 */
export async function jobQueueHealth(db: DB, since: Date): Promise<JobKindHealth[]> {
  const after = since.toISOString();
  const rows = await db
    .selectFrom('jobs')
    .select((eb) => [
      'kind',
      eb.fn.countAll<number>().filterWhere('status', '=', 'pending').as('pending'),
      eb.fn.countAll<number>().filterWhere('status', '=', 'running').as('running'),
      eb.fn
        .countAll<number>()
        .filterWhere((w) =>
          w.and([
            w('last_error', 'is not', null),
            w('updated_at', '>=', after),
            w('status', 'in', ['pending', 'dead']),
          ]),
        )
        .as('failed'),
      eb.fn
        .countAll<number>()
        .filterWhere((w) => w.and([w('status', '=', 'dead'), w('updated_at', '>=', after)]))
        .as('dead'),
    ])
    .where('status', '!=', 'done')
    .groupBy('kind')
    .orderBy('kind')
    .execute();
  return rows
    .map((r) => ({
      kind: r.kind,
      pending: Number(r.pending),
      running: Number(r.running),
      failed: Number(r.failed),
      dead: Number(r.dead),
    }))
    .filter((r) => r.pending + r.running + r.failed > 0);
}
