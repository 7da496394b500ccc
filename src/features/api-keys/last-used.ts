import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database.js';
import type { LastUsedRecorder } from '../../platform/deps.js';
import { retried } from '../../lib/retry.js';
import { touchLastUsed } from './api-keys.repo.js';

/** Shutdown tries this often: a pooled connection the database dropped fails once and leaves the pool. */
const CLOSE_ATTEMPTS = 3;

/**
 * Remembers when each key was last used and writes it at most once per interval, so
 * authentication never costs a write per request. A failed write keeps its times for the next
 * one; shutdown tries a few times and then logs what it could not write instead of failing the close.
 */
export class LastUsedTracker implements LastUsedRecorder {
  private pending = new Map<string, string>();
  private timer: NodeJS.Timeout;

  constructor(
    private db: DB,
    private log: FastifyBaseLogger,
    intervalMs = 30_000,
  ) {
    this.timer = setInterval(() => void this.flush().catch(() => undefined), intervalMs);
    this.timer.unref();
  }

  touch(keyId: string, at: Date): void {
    this.pending.set(keyId, at.toISOString());
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await touchLastUsed(this.db, batch);
    } catch (err) {
      // A use recorded since the batch was taken is newer; keep it.
      for (const [id, at] of batch) if (!this.pending.has(id)) this.pending.set(id, at);
      throw err;
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    try {
      await retried(() => this.flush(), CLOSE_ATTEMPTS);
    } catch (err) {
      this.log.warn({ err, keys: this.pending.size }, 'API key last-used times not written at shutdown');
    }
  }
}
