import type { DB } from '../../db/database.js';
import type { LastUsedRecorder } from '../../platform/deps.js';
import { touchLastUsed } from './api-keys.repo.js';

/**
 * Remembers when each key was last used and writes it at most once per interval, so
 * authentication never costs a write per request. Flushed on shutdown too.
 */
export class LastUsedTracker implements LastUsedRecorder {
  private pending = new Map<string, string>();
  private timer: NodeJS.Timeout;

  constructor(private db: DB, intervalMs = 30_000) {
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
    await touchLastUsed(this.db, batch);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
