// What every helper of the client shares: the operation's query and body types, and reading the
// API's envelopes (one item, or pages followed lazily).
import type { operations } from './schema.js';
import { QrsError } from './errors.js';

export type Query<Op extends keyof operations> = operations[Op]['parameters'] extends { query?: infer Q }
  ? NonNullable<Q>
  : never;
export type Body<Op extends keyof operations> = operations[Op] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

export interface Envelope<T> {
  data: T;
}
export interface ListEnvelope<T> {
  data: T[];
  meta: { pagination: { has_more: boolean; next_cursor: string | null; total_count: number } };
}
type Result<T> = { data?: T; error?: unknown; response: Response };

export async function unwrap<T>(result: Result<T>): Promise<T> {
  if (result.error !== undefined || !result.response.ok) throw await QrsError.from(result.response, result.error);
  return result.data as T;
}
export const data = async <T>(result: Result<Envelope<T>>): Promise<T> => (await unwrap(result)).data;

/** The `cursor` query member, absent on the first page. */
export const at = (cursor: string | undefined): { cursor?: string } => (cursor === undefined ? {} : { cursor });

/** Every item of every page, fetched lazily page by page. */
export async function* pages<T>(
  fetchPage: (cursor: string | undefined) => Promise<ListEnvelope<T>>,
): AsyncGenerator<T, void, undefined> {
  let cursor: string | undefined;
  for (;;) {
    const page = await fetchPage(cursor);
    yield* page.data;
    const { has_more, next_cursor } = page.meta.pagination;
    if (!has_more || !next_cursor) return;
    cursor = next_cursor;
  }
}

/** A body whose members with a server-side default may be left out (the generated type marks them required). */
export type Defaulted<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;
