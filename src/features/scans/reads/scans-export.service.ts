import { Readable } from 'node:stream';
import type { ServiceDeps } from '../../../platform/deps.js';
import type { DB } from '../../../db/database.js';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Principal } from '../../../http/principal.js';
import { invalidField } from '../../../http/errors.js';
import { requireCode } from '../../codes/index.js';
import { CSV_HEADER, csvRecord } from './scan-csv.js';
import { scanChunk, type ScanRange } from './scans-export.repo.js';
import { workspaceCodeIds } from '../../codes/index.js';
import type { CodeExportQuery, WorkspaceExportQuery } from './scans-export.schemas.js';
import { isoDay } from '../../../lib/time.js';

/** Rows per query: small enough that a SQLite chunk holds the event loop for a few ms only. */
export const EXPORT_CHUNK = 1_000;
const CODE_PAGE = 500;
const DAY = 86_400_000;

/** A date-only bound means UTC midnight (from) or the end of that day (to), as for stats. */
function bound(value: string | undefined, end: boolean): string | null {
  if (value === undefined) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value))
    return new Date(Date.parse(`${value}T00:00:00.000Z`) + (end ? DAY : 0)).toISOString();
  return new Date(value).toISOString();
}

function range(q: { from?: string; to?: string; include_bots: boolean }): ScanRange {
  const r = { from: bound(q.from, false), to: bound(q.to, true), includeBots: q.include_bots };
  if (r.from !== null && r.to !== null && r.from > r.to)
    throw invalidField('/query/from', 'from must not be after to', 'range');
  return r;
}

/** Everything is checked before the first byte, so a bad request is a problem document, never a cut CSV. */
export async function prepareCodeExport(deps: ServiceDeps, p: Principal, codeId: string, q: CodeExportQuery) {
  const r = range(q);
  const code = await requireCode(deps.db, p.workspaceId, codeId);
  return { filename: `scans-${code.id}.csv`, stream: csvStream(codeChunks(deps.db, code.id, r)) };
}

export async function prepareWorkspaceExport(deps: ServiceDeps, p: Principal, q: WorkspaceExportQuery) {
  const r = range(q);
  const from = new Date(r.from!);
  const limit = Date.UTC(
    from.getUTCFullYear() + 2,
    from.getUTCMonth(),
    from.getUTCDate(),
    from.getUTCHours(),
    from.getUTCMinutes(),
    from.getUTCSeconds(),
    from.getUTCMilliseconds(),
  );
  if (Date.parse(r.to!) > limit) throw invalidField('/query/to', 'the range may span at most 2 years', 'range');
  const name = `scans-${p.workspaceId}-${isoDay(r.from!)}-${isoDay(q.to!)}.csv`;
  return { filename: name, stream: csvStream(workspaceChunks(deps.db, p.workspaceId, r)) };
}

async function* codeChunks(db: DB, codeId: string, r: ScanRange) {
  let after: string | null = null;
  for (;;) {
    const rows = await scanChunk(db, codeId, r, after, EXPORT_CHUNK);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_CHUNK) return;
    after = rows[rows.length - 1].id;
    // Lets redirects run between two chunks (better-sqlite3 answers synchronously).
    await yieldToLoop();
  }
}

/** Code after code in id order, each code's scans oldest first: keyset all the way, no scan index needed. */
async function* workspaceChunks(db: DB, workspaceId: string, r: ScanRange) {
  let after: string | null = null;
  for (;;) {
    const ids = await workspaceCodeIds(db, workspaceId, after, CODE_PAGE);
    for (const id of ids) yield* codeChunks(db, id, r);
    if (ids.length < CODE_PAGE) return;
    after = ids[ids.length - 1];
    await yieldToLoop();
  }
}

/** A pull stream: the next chunk is read only when the client has taken the previous one. */
function csvStream(chunks: AsyncIterable<Array<Record<string, unknown>>>): Readable {
  return Readable.from(
    (async function* () {
      yield CSV_HEADER;
      for await (const rows of chunks) {
        let text = '';
        for (const row of rows) text += csvRecord(row as never);
        yield text;
      }
    })(),
    { objectMode: false },
  );
}
