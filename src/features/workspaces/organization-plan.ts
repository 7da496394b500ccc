import type { DB } from '../../db/database.js';

/**
 * The organization's plan, unless the organization is deleted: what the workspace limit is checked
 * against, read under the caller's lock. The organizations feature owns it and sits above this one
 * (it creates the default workspace), so it hands the lookup down once at startup
 * (src/features/index.ts), as the auth routes get their ports.
 */
export type OrganizationPlanOf = (db: DB, organizationId: string) => Promise<string | undefined>;

let planOf: OrganizationPlanOf | undefined;

export function readOrganizationPlansWith(lookup: OrganizationPlanOf) {
  planOf = lookup;
}

export function activeOrganizationPlan(db: DB, organizationId: string): Promise<string | undefined> {
  if (!planOf)
    throw new Error('The organizations feature has not handed down its plan lookup (src/features/index.ts).');
  return planOf(db, organizationId);
}
