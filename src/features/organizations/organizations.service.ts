import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PlanName } from '../../config.js';
import { newId } from '../../lib/ids.js';
import { notFound } from '../../http/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { insertWorkspace } from '../workspaces/workspaces.repo.js';
import { workspaceRow } from '../workspaces/workspaces.fns.js';
import { addMembership, findActiveOrganization, insertOrganization } from './organizations.repo.js';

export interface NewOrganization {
  name: string;
  slug: string;
  billing_email?: string | null;
  plan?: PlanName;
  settings?: Record<string, unknown>;
}

/**
 * An organization never exists without its default workspace (slug "default") and an org_admin
 * (D5). Runs inside the caller's transaction; the workspace creation is audited.
 */
export async function createOrganizationWithDefaults(
  trx: Kysely<Database>,
  input: NewOrganization,
  owner: { userId: string | null; actorType: 'api' | 'user' | 'system'; actorId: string | null; requestId: string | null },
  at: Date,
) {
  const org = {
    id: newId('org'),
    name: input.name,
    slug: input.slug,
    billing_email: input.billing_email ?? null,
    plan: input.plan ?? 'free',
    settings: JSON.stringify(input.settings ?? {}),
    created_at: at.toISOString(),
    updated_at: at.toISOString(),
    deleted_at: null,
  };
  await insertOrganization(trx, org);
  const ws = workspaceRow(org.id, { name: 'Default', slug: 'default' }, true, at);
  await insertWorkspace(trx, ws);
  if (owner.userId) await addMembership(trx, org.id, owner.userId, 'org_admin', at);
  await recordAudit(trx, { ...owner, organizationId: org.id, workspaceId: ws.id }, {
    action: 'workspaces.created', resourceType: 'workspaces', resourceId: ws.id, after: ws, at,
  });
  return { org, workspace: ws };
}

export async function getOrganization(db: Kysely<Database>, id: string) {
  const org = await findActiveOrganization(db, id);
  if (!org) throw notFound('Organization');
  return org;
}
