import { sql, type RawBuilder } from 'kysely';

/**
 * SQL for a scan id whose ULID time part is the scan time `ms` (an integer expression), like
 * scan-id.ts mints: sparse edges and retention read raw scans by id range, so rows seeded in SQL
 * must carry the same ids. `n` (0 ≤ n < 10^10) makes them unique within a code. Both dialects.
 */
export function scanIdSql(ms: RawBuilder<unknown>, n: RawBuilder<unknown>, pg: boolean): RawBuilder<string> {
  const time = sql.join(
    Array.from(
      { length: 10 },
      (_, k) =>
        sql`substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', cast((${ms} / ${sql.lit(32 ** (9 - k))}) % 32 as integer) + 1, 1)`,
    ),
    sql` || `,
  );
  const digits = pg ? sql`lpad(cast(${n} as text), 10, '0')` : sql`printf('%010d', ${n})`;
  return sql<string>`'scn_' || ${time} || ${digits} || 'ABCDEF'`;
}
