import { Type } from 'typebox';
import { sql, type SelectQueryBuilder } from 'kysely';
import { isId, type IdPrefix } from '../lib/ids.js';
import { invalidField } from './errors.js';
import type { Page } from './envelope.js';

/** D2: limit 1..100, default 50; cursor is the id of the last item of the previous page (D1). */
export const PageQuery = {
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 50, description: 'Page size, 1 to 100.' }),
  cursor: Type.Optional(Type.String({ description: 'The id of the last item of the previous page.' })),
};

export interface PageParams {
  limit: number;
  cursor?: string;
}

/**
 * Newest-first keyset pagination over a filtered query. `base` has its FROM and filters but no
 * ORDER BY or LIMIT; `idColumn` is the (qualified) id column. One COUNT for total_count (D2),
 * unless the caller knows the total from a counter (`total`), which keeps a big list's page O(page).
 */
export async function paginate<O>(
  base: SelectQueryBuilder<any, any, O>,
  { limit, cursor }: PageParams,
  prefix: IdPrefix,
  idColumn = 'id',
  total?: number,
): Promise<Page<O>> {
  const id = sql.ref(idColumn);
  if (cursor !== undefined) {
    if (!isId(cursor, prefix)) throw invalidField('/query/cursor', `cursor must be an id of the form ${prefix}_<ULID>`, 'cursor');
    const exists = await base.clearSelect().select(sql`1`.as('one')).where(id, '=', cursor).executeTakeFirst();
    if (!exists) throw invalidField('/query/cursor', 'cursor does not name an item of this list', 'cursor');
  }
  const countRow = total !== undefined ? { n: total }
    : await base.clearSelect().select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  let page = base.orderBy(id, 'desc').limit(limit + 1);
  if (cursor !== undefined) page = page.where(id, '<', cursor);
  const rows = await page.execute();
  const has_more = rows.length > limit;
  const items = has_more ? rows.slice(0, limit) : rows;
  const last = items[items.length - 1] as Record<string, unknown> | undefined;
  const idKey = idColumn.split('.').pop()!;
  return {
    items,
    has_more,
    next_cursor: has_more && last ? String(last[idKey]) : null,
    total_count: Number((countRow as { n: number | string }).n),
  };
}
