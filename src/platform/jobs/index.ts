// The job queue's public module (docs/decisions.md D12): enqueue inside your transaction, register
// a handler for your kind on app.jobs.
export { enqueueJob, enqueueJobs, jobQueueHealth, type JobKindHealth, type NewJob } from './jobs.repo.js';
export {
  PermanentJobError,
  type BatchHandler,
  type Job,
  type JobHandler,
  type JobKindOptions,
  type JobRunner,
} from './job-runner.js';
export type { JobsTable, JobStatus } from './jobs.table.js';
export { scrubJobPayloads } from './payload-scrub.js';
