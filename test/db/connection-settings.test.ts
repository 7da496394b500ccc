import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { openDatabase } from '../../src/db/database.js';

const url = process.env.TEST_DATABASE_URL;

describe(
  'PostgreSQL connection settings',
  { skip: url ? false : 'SKIPPED: TEST_DATABASE_URL not set (needs PostgreSQL)' },
  () => {
    it('every pooled connection runs without parallel plans', async () => {
      const db = openDatabase(url!, { poolMax: 3 });
      try {
        // Three at once: three connections of the pool.
        const settings = await Promise.all(
          [1, 2, 3].map(() =>
            db.connection().execute(async (c) => {
              const { rows } = await sql<{
                v: string;
                pid: number;
              }>`select current_setting('max_parallel_workers_per_gather') as v, pg_backend_pid() as pid, pg_sleep(0.05)`.execute(
                c,
              );
              return rows[0];
            }),
          ),
        );
        assert.equal(new Set(settings.map((s) => s.pid)).size, 3);
        assert.deepEqual(
          settings.map((s) => s.v),
          ['0', '0', '0'],
        );
      } finally {
        await db.destroy();
      }
    });
  },
);
