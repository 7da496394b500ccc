import type { DB } from '../../db/database.js';
import { lockRow } from '../../db/row-lock.js';
import { parseJson } from '../../db/column-values.js';
import { invalidField } from '../../http/errors.js';
import { sha256Hex } from '../../lib/tokens.js';
import { userActor } from '../audit/index.js';
import { workspaceRolesOf } from '../members/index.js';
import type { SignupInvitations } from '../accounts/index.js';
import type { InvitationsTable } from './invitations.table.js';
import type { InvitedRole } from './invitations.schemas.js';
import { defaultWorkspaceId, findByLink, findInvitation } from './invitations.repo.js';
import { admit, linkClosed } from './invitations.service.js';

/**
 * Where the new member lands: the first invited workspace it now holds a role in; an org_admin
 * holds every workspace, so the first invited one that is active, else the default workspace.
 */
async function landingWorkspace(trx: DB, row: InvitationsTable, userId: string) {
  const invited = parseJson<InvitedRole[]>(row.workspaces, []).map((w) => w.workspace_id);
  const held = new Set((await workspaceRolesOf(trx, row.organization_id, [userId])).map((h) => h.workspace_id));
  const first = invited.find((id) => held.has(id));
  if (first) return first;
  return row.role === 'org_admin' ? defaultWorkspaceId(trx, row.organization_id) : null;
}

/**
 * Sign-up from an invitation link (docs/decisions.md D63), handed to the accounts feature's sign-up:
 * no organization of one's own, the invitation accepted in the sign-up's transaction.
 */
export const invitationSignup: SignupInvitations = {
  async check(trx, token, email, at) {
    const hash = sha256Hex(token);
    const seen = await findByLink(trx, hash);
    if (!seen) throw invalidField('/invitation_token', 'is not the token of an invitation link', 'invalid_token');
    // As accepting does: the organization's row lock orders this against a revoke or a re-invite.
    await lockRow(trx, 'organizations', seen.organization_id);
    const found = (await findByLink(trx, hash))!;
    const closed = linkClosed(found, at);
    if (closed) throw closed;
    if (found.email !== email)
      throw invalidField('/email', 'must be the address the invitation was sent to', 'mismatch');
    return { id: found.id };
  },
  async accept(trx, ctx, invitation, userId, requestId, at) {
    const row = (await findInvitation(trx, invitation.id))!;
    await admit(trx, ctx, row, userId, userActor(userId, requestId, { organizationId: row.organization_id }), at);
    return { organizationId: row.organization_id, workspaceId: await landingWorkspace(trx, row, userId) };
  },
};
