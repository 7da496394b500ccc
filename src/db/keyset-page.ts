import type { SelectQueryBuilder } from 'kysely';

/**
 * The page of a query over a table with a text `id` that comes after `after`, in id order: how the
 * exports walk a table without an offset, a page at a time (docs/privacy.md).
 */
export function pageAfter<D, T extends keyof D, O>(
  query: SelectQueryBuilder<D, T, O>,
  after: string | null,
  limit: number,
): Promise<O[]> {
  // Every table paged here has a text `id`; Kysely cannot know that of a generic table.
  const q = query as unknown as SelectQueryBuilder<Record<'t', { id: string }>, 't', O>;
  return (after ? q.where('id', '>', after) : q).orderBy('id').limit(limit).execute();
}
