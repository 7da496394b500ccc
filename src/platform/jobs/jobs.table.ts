/**
 * One unit of background work (docs/decisions.md D12): an e-mail, a webhook delivery. `pending`
 * until a runner claims it (`running`, leased to `locked_by` until `locked_until`), then `done`,
 * or `pending` again with a later `run_at` after a failure, or `dead` after the last try.
 */
export interface JobsTable {
  id: string;
  kind: string;
  /** JSON */
  payload: string;
  /** unique per kind: a second enqueue with the same key is a no-op */
  dedupe_key: string | null;
  status: JobStatus;
  /** tries started so far */
  attempts: number;
  run_at: string;
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export type JobStatus = 'pending' | 'running' | 'done' | 'dead';
