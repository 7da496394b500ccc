import type { SelectQueryBuilder } from 'kysely';
import type { Database } from './schema.js';

/**
 * `table` joined to a query on `table.id = column`: how an owner lends its table to another
 * feature's read so that the read stays one statement (docs/decisions.md D71).
 */
export function joinOnId<D extends Database, TB extends keyof D, O, T extends keyof Database & string>(
  qb: SelectQueryBuilder<D, TB, O>,
  table: T,
  column: `${TB & string}.${string}`,
): SelectQueryBuilder<D, TB | T, O> {
  // Kysely cannot type a join onto a builder whose tables are generic; the signature above is the
  // contract, checked at each caller.
  return (qb as unknown as SelectQueryBuilder<Database, never, O>).innerJoin(
    table as never,
    `${table}.id` as never,
    column as never,
  ) as unknown as SelectQueryBuilder<D, TB | T, O>;
}
