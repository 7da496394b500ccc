import type { DB } from '../../db/database.js';
import type { PlanName } from '../../platform/plans.js';
import { lockRow } from '../../db/row-lock.js';
import { recordAudit, systemActor } from '../audit/index.js';
import { findActiveOrganization, updateOrganization } from '../organizations/index.js';
import { defaultWorkspaceId } from './billing.repo.js';

/**
 * Sets an organization's plan inside the caller's transaction and audits it as the system (the
 * provider decided, not a person). Nothing is deleted on a downgrade: the plan only gates what
 * can be created next (docs/billing.md). Returns whether the plan changed.
 */
export async function changePlan(trx: DB, organizationId: string, plan: PlanName, at: Date): Promise<boolean> {
  await lockRow(trx, 'organizations', organizationId);
  const org = await findActiveOrganization(trx, organizationId);
  if (!org || org.plan === plan) return false;
  await updateOrganization(trx, organizationId, { plan, updated_at: at.toISOString() });
  // The log is per workspace; an organization's own changes go to its default workspace.
  const ws = await defaultWorkspaceId(trx, organizationId);
  if (ws) {
    await recordAudit(trx, systemActor({ organizationId, workspaceId: ws.id }), {
      action: 'organizations.updated',
      resourceType: 'organizations',
      resourceId: organizationId,
      before: { plan: org.plan },
      after: { plan },
      at,
    });
  }
  return true;
}
