import { sql } from 'kysely';
import type { DB } from '../../db/database.js';

/**
 * Every live organization, for the operator's console (docs/decisions.md D73): `search` matches the
 * id exactly or the name and slug as a substring, case-insensitively; `memberIds` adds the
 * organizations those users belong to. No ORDER BY or LIMIT: the pagination adds them.
 */
export function organizationDirectory(db: DB, filter: { search?: string; memberIds?: string[] }) {
  let q = db.selectFrom('organizations').selectAll().where('deleted_at', 'is', null);
  const search = filter.search?.trim().toLowerCase();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const members = filter.memberIds ?? [];
    q = q.where((eb) =>
      eb.or([
        eb('id', '=', filter.search!.trim()),
        sql<boolean>`lower(name) like ${like} escape '\\'`,
        sql<boolean>`lower(slug) like ${like} escape '\\'`,
        ...(members.length
          ? [eb('id', 'in', eb.selectFrom('memberships').select('organization_id').where('user_id', 'in', members))]
          : []),
      ]),
    );
  }
  return q;
}

/** How many people belong to the organization. */
export async function countMembers(db: DB, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .select(sql<number>`count(*)`.as('n'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
