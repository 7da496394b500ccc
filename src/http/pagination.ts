import { Type } from 'typebox';
import { sql, type SelectQueryBuilder } from 'kysely';
import { isId, type IdPrefix } from '../lib/ids.js';
import { invalidField } from './errors.js';
import type { Page } from './envelope.js';

/** docs/decisions.md D2: limit 1..100, default 50; cursor is the id of the last item of the previous page (D1). */
export const PageQuery = {
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 50, description: 'Page size, 1 to 100.' }),
  cursor: Type.Optional(Type.String({ description: 'The id of the last item of the previous page.' })),
};

export interface PageParams {
  limit: number;
  cursor?: string;
}

/**
 * How a list reads its cursor when its items are not keyed by a prefixed id (a passport's versions
 * are numbered): `parse` gives the key value or undefined, the details say why a cursor failed.
 */
export interface CursorKey {
  parse(cursor: string): string | number | undefined;
  malformed: string;
  unknown: string;
}

function idCursor(prefix: IdPrefix): CursorKey {
  return {
    parse: (cursor) => (isId(cursor, prefix) ? cursor : undefined),
    malformed: `cursor must be an id of the form ${prefix}_<ULID>`,
    unknown: 'cursor does not name an item of this list',
  };
}

/**
 * Newest-first keyset pagination over a filtered query (docs/decisions.md D1, D2). `base` has its FROM and filters
 * but no ORDER BY or LIMIT; `idColumn` is the (qualified) key column, by default a prefixed id.
 * total_count is one COUNT, unless the caller knows it better (`total`): a number from a counter,
 * or a function (the audit log's settled-count cache), which keeps a big list's page O(page).
 */
export async function paginate<O>(
  base: SelectQueryBuilder<any, any, O>,
  { limit, cursor }: PageParams,
  key: IdPrefix | CursorKey,
  idColumn = 'id',
  total?: number | (() => Promise<number>),
): Promise<Page<O>> {
  const id = sql.ref(idColumn);
  const keyOf = typeof key === 'string' ? idCursor(key) : key;
  const after = cursor === undefined ? undefined : keyOf.parse(cursor);
  if (cursor !== undefined) {
    if (after === undefined) throw invalidField('/query/cursor', keyOf.malformed, 'cursor');
    const exists = await base
      .clearSelect()
      .select(sql`1`.as('one'))
      .where(id, '=', after)
      .executeTakeFirst();
    if (!exists) throw invalidField('/query/cursor', keyOf.unknown, 'cursor');
  }
  const countRow =
    typeof total === 'number'
      ? { n: total }
      : typeof total === 'function'
        ? { n: await total() }
        : await base
            .clearSelect()
            .select(sql<number>`count(*)`.as('n'))
            .executeTakeFirstOrThrow();
  let page = base.orderBy(id, 'desc').limit(limit + 1);
  if (after !== undefined) page = page.where(id, '<', after);
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
