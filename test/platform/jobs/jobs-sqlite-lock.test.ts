import { after, it } from 'node:test';
import assert from 'node:assert/strict';
import SQLite from 'better-sqlite3';
import { randomSlug } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { removeSqliteFile, sqliteFile } from '../../support/sqlite-file.js';
import { enqueueJob } from '../../../src/platform/jobs/index.js';

// On a SQLite file the scan writer thread holds the write lock for a whole batch; a job poll that
// took the lock to find nothing due made the event loop wait that batch out (docs/benchmarks.md,
// Scan traffic: the longest stall).
const file = sqliteFile('jobs-lock');
after(() => {
  removeSqliteFile(file.file);
});

forEachDialect(
  'job poll beside a held SQLite write lock',
  (dialect) => {
    const { h } = useHarness(dialect, { env: { JOBS_POLL_INTERVAL_MS: '0' }, tenant: false });

    it('finds nothing due without taking the write lock, and claims a due job once the lock is free', async () => {
      const kind = randomSlug('k');
      let ran = 0;
      h.app.jobs.register(kind, async () => void ran++, { retryDelaysMs: [] });
      const other = new SQLite(file.file);
      try {
        other.pragma('busy_timeout = 0');
        other.exec('begin immediate');
        // Another connection holds the lock: an idle poll must answer at once, not SQLITE_BUSY
        // after the busy timeout.
        assert.equal(await h.app.jobs.runDue(), 0);
        other.exec('commit');
        await enqueueJob(h.db, { kind, payload: {} }, new Date());
        assert.equal(await h.app.jobs.runDue(), 1);
        assert.equal(ran, 1);
      } finally {
        other.close();
      }
    });
  },
  { sqlite: file, only: 'sqlite' },
);
