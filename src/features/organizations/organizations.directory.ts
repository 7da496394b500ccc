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

/** The live organizations of each of these users, with their role, for the operator's list of users. */
export async function organizationsOfUsers(db: DB, userIds: string[]) {
  const byUser = new Map<string, Array<{ id: string; name: string; slug: string; role: string }>>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['m.user_id', 'o.id', 'o.name', 'o.slug', 'm.role'])
    .where('m.user_id', 'in', userIds)
    .where('o.deleted_at', 'is', null)
    .orderBy('m.created_at', 'asc')
    .execute();
  for (const { user_id, ...org } of rows) byUser.set(user_id, [...(byUser.get(user_id) ?? []), org]);
  return byUser;
}
