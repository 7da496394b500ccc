// Worker thread owning a second SQLite connection to the same file: it performs the scan buffer's
// flushes so the event loop that answers redirects never runs the inserts. Messages carry flat
// arrays of values in SCAN_COLUMNS order.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { INSERT_CHUNK, SCAN_COLUMNS, insertScansSql } from './scans.repo.js';

export interface WriteMessage {
  id: number;
  /** rows × SCAN_COLUMNS.length values */
  values: unknown[];
  codes: Array<[codeId: string, n: number]>;
  usage: Array<[organizationId: string, period: string, n: number]>;
}

const db = new SQLite((workerData as { path: string }).path);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 5000');

const width = SCAN_COLUMNS.length;
const fullChunk = db.prepare(insertScansSql(false, INSERT_CHUNK));
const bumpCode = db.prepare('update codes set scan_count = scan_count + ? where id = ?');
const bumpUsage = db.prepare(
  'insert into usage_counters (organization_id, period, scans) values (?, ?, ?) '
  + 'on conflict (organization_id, period) do update set scans = usage_counters.scans + excluded.scans',
);

const write = db.transaction((m: WriteMessage) => {
  const rows = m.values.length / width;
  for (let i = 0; i < rows; i += INSERT_CHUNK) {
    const n = Math.min(INSERT_CHUNK, rows - i);
    const params = m.values.slice(i * width, (i + n) * width);
    if (n === INSERT_CHUNK) fullChunk.run(params);
    else db.prepare(insertScansSql(false, n)).run(params);
  }
  for (const [codeId, n] of m.codes) bumpCode.run(n, codeId);
  for (const [org, period, n] of m.usage) bumpUsage.run(org, period, n);
});

parentPort!.on('message', (m: WriteMessage | 'close') => {
  if (m === 'close') {
    db.close();
    parentPort!.close();
    return;
  }
  try {
    write(m);
    parentPort!.postMessage({ id: m.id, ok: true });
  } catch (err) {
    parentPort!.postMessage({ id: m.id, ok: false, error: String((err as Error)?.message ?? err) });
  }
});
