import type { DB } from '../db/database.js';

/**
 * A stored scan as a consumer sees it: the columns of the scans feature's row that others may read.
 * A port here, not the scans feature's type, so usage and webhooks depend on no feature to plug in.
 */
export interface ConsumedScan {
  id: string;
  code_id: string;
  workspace_id: string;
  organization_id: string;
  /** ISO 8601, UTC */
  scanned_at: string;
  /** 1 for a bot's scan, which usage does not count */
  is_bot: number;
}

/**
 * What another feature writes with each scan batch (docs/decisions.md D69), as Shlink's listeners
 * do: usage adds its monthly counters, webhooks publish `code.scanned`. The scans feature imports
 * none of them; the composition (src/features/scan-consumers.ts) lists them, and the SQLite writer
 * thread imports that same list, so a consumer's `write` may use only the transaction it is given.
 */
export interface ScanConsumer<Out = unknown> {
  readonly name: string;
  /**
   * Its part of the batch, in the batch's transaction, after the scans' own stages. What it
   * returns goes to its after-commit hook; it crosses from the writer thread, so plain data only.
   */
  write(trx: DB, rows: readonly ConsumedScan[]): Promise<Out>;
  /** A batch found written already (a replay): what `write` would have returned, read as it stands. */
  replayed?(db: DB, rows: readonly ConsumedScan[]): Promise<Out>;
}

/** Where a write's consumers are listed: the list, and the module the writer thread imports it from. */
export interface ScanConsumers {
  readonly list: readonly ScanConsumer[];
  /** a module URL whose `scanConsumers` export is this same object */
  readonly module: string;
}

/** What each consumer's `write` (or `replayed`) returned for one flush, by consumer name. */
export type ConsumerOutputs = Record<string, unknown>;

/** A consumer's step once a batch committed, on the main thread, with what its `write` returned. */
export type AfterCommit<Out = unknown> = (out: Out) => Promise<void>;

/**
 * What the scans runtime offers the features that consume its batches, handed to them by the
 * composition (src/features/index.ts) rather than read off the app's `scans` decorator: usage
 * sits below scans (brand and codes check its quotas), so reading scans would close a cycle.
 */
export interface ScanRuntimePort {
  /** counted scans of an organization's month (YYYY-MM) recorded by this instance and not yet written */
  pendingForOrganization(organizationId: string, period: string): number;
  /** a consumer's step after each batch committed, with what its `write` returned (usage's threshold check) */
  afterCommit<Out>(consumer: string, hook: AfterCommit<Out>): void;
}
