import type { DB } from '../../db/database.js';
import { lockRow } from '../../db/row-lock.js';
import { recordAudit, type AuditWho } from '../audit/index.js';
import { updateOrganization } from './organizations.repo.js';
import { findDefaultWorkspaceId } from '../workspaces/index.js';
import { getOrganization } from './organizations.service.js';
import type { OrganizationsTable } from './organizations.table.js';

/** What a suspension says (docs/decisions.md D74): why, and what the organization's codes answer meanwhile. */
export interface Suspension {
  reason: string;
  redirects: NonNullable<OrganizationsTable['suspension_redirects']>;
}

const view = (row: { suspended_at: string | null }) => ({ suspended: row.suspended_at !== null });

/**
 * Suspends an organization (`suspension`) or lifts it (null) inside the caller's transaction. The
 * organization's own log records that it was suspended or not, as `who` (a system actor for the
 * operator, whose people its members do not know), never the reason. Suspending again with other
 * terms replaces them; what is already so changes nothing (`changed` false).
 */
export async function setSuspension(
  trx: DB,
  organizationId: string,
  suspension: Suspension | null,
  who: AuditWho,
  at: Date,
) {
  await lockRow(trx, 'organizations', organizationId);
  const before = await getOrganization(trx, organizationId);
  const patch = suspension
    ? {
        suspended_at: before.suspended_at ?? at.toISOString(),
        suspension_reason: suspension.reason,
        suspension_redirects: suspension.redirects,
      }
    : { suspended_at: null, suspension_reason: null, suspension_redirects: null };
  const changed =
    before.suspended_at !== patch.suspended_at ||
    before.suspension_reason !== patch.suspension_reason ||
    before.suspension_redirects !== patch.suspension_redirects;
  if (!changed) return { before, after: before, changed };
  await updateOrganization(trx, organizationId, { ...patch, updated_at: at.toISOString() });
  const after = { ...before, ...patch, updated_at: at.toISOString() };
  if ((before.suspended_at === null) !== (after.suspended_at === null))
    await recordAudit(
      trx,
      { ...who, organizationId, workspaceId: await findDefaultWorkspaceId(trx, organizationId) },
      {
        action: after.suspended_at ? 'organizations.suspended' : 'organizations.unsuspended',
        resourceType: 'organizations',
        resourceId: organizationId,
        before: view(before),
        after: view(after),
        at,
      },
    );
  return { before, after, changed };
}
