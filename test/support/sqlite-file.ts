// A SQLite database file as `npm start` opens it (DATABASE_URL=sqlite:<path>), for the tests that
// run the production scan path: the sink's own timer writes the scans, and close() the rest.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { ScanSink } from '../../src/features/scans/ingest/scan-sink.js';
import type { Dialect, Harness } from './harness.js';

export type SqliteFile = Dialect & { file: string };

/** A fresh database file of its own under the OS temp directory. */
export function sqliteFile(tag: string): SqliteFile {
  const file = join(tmpdir(), `qrs-${tag}-${randomBytes(6).toString('hex')}.db`);
  return { name: 'sqlite', label: 'sqlite file', url: `sqlite:${file}`, file };
}

/** Removes a database file with its WAL and shared-memory files. */
export function removeSqliteFile(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
}

/** Waits until the sink's timer has written every scan recorded so far; nothing calls flush(). */
export async function writtenByTimer(sink: ScanSink, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (sink.size > 0) {
    if (Date.now() > until)
      throw new Error(`${sink.size} scans still buffered after ${timeoutMs} ms: the flush timer did not write them`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Closes the app as the server's shutdown does, then counts the scans a second connection finds in
 * the file: every stored scan plus every one still buffered at close. Removes the file afterwards.
 */
export async function closeAndCountScans(
  h: Harness,
  file: string,
): Promise<{ expected: number; found: number; buffered: number }> {
  const stored = await h.db
    .selectFrom('scans')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const buffered = h.app.scans.size;
  await h.close();
  const reader = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const found = (reader.prepare('SELECT count(*) AS n FROM scans').get() as { n: number }).n;
    return { expected: Number(stored.n) + buffered, found, buffered };
  } finally {
    reader.close();
    removeSqliteFile(file);
  }
}
