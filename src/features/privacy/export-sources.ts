import { csvCell } from '../scans/index.js';

/** One ZIP entry: its name and its text, produced piece by piece. */
export interface Entry {
  name: string;
  pieces: () => AsyncIterable<string> | Iterable<string>;
}

const BATCH = 1_000;

/** A CSV file (RFC 4180, CRLF, formulas defused) from batches of rows; `next` reads after a key. */
export function csvEntry<R extends Record<string, unknown>>(
  name: string,
  columns: readonly (keyof R & string)[],
  next: (after: string | null, limit: number) => Promise<R[]>,
  keyOf: (row: R) => string,
): Entry {
  return {
    name,
    pieces: async function* () {
      yield `${columns.join(',')}\r\n`;
      let after: string | null = null;
      for (;;) {
        const rows = await next(after, BATCH);
        let text = '';
        for (const row of rows) text += `${columns.map((c) => csvCell(row[c])).join(',')}\r\n`;
        yield text;
        if (rows.length < BATCH) return;
        after = keyOf(rows[rows.length - 1]);
      }
    },
  };
}

/** A JSON array, one element per row, from batches (same keyset reading as csvEntry). */
export function jsonEntry<R>(
  name: string,
  next: (after: string | null, limit: number) => Promise<R[]>,
  keyOf: (row: R) => string,
  shape: (row: R) => unknown = (r) => r,
): Entry {
  return {
    name,
    pieces: async function* () {
      yield '[';
      let after: string | null = null;
      let first = true;
      for (;;) {
        const rows = await next(after, BATCH);
        let text = '';
        for (const row of rows) {
          text += `${first ? '\n' : ',\n'}${JSON.stringify(shape(row))}`;
          first = false;
        }
        yield text;
        if (rows.length < BATCH) break;
        after = keyOf(rows[rows.length - 1]);
      }
      yield '\n]\n';
    },
  };
}

/** The keyset key of rows paged by id. */
export const byId = <R extends { id: string }>(row: R) => row.id;

export const fixed = (name: string, text: string): Entry => ({ name, pieces: () => [text] });
