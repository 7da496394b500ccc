import type { ServiceDeps } from '../../platform/deps.js';
import type { DB } from '../../db/database.js';
import { parseJson } from '../../db/column-values.js';
import { sha256Hex } from '../../lib/tokens.js';
import { findUserByEmail, findUserById } from '../accounts/index.js';
import { findWorkspace } from '../workspaces/index.js';
import type { InvitedRole } from './invitations.schemas.js';
import { findByLink } from './invitations.repo.js';
import { invitationNotFound, linkStatus } from './invitations.service.js';

/** The invited workspace roles with the workspaces' names; archived or removed workspaces are left out. */
async function namedWorkspaces(db: DB, organizationId: string, items: InvitedRole[]) {
  const named = [];
  for (const item of items) {
    const ws = await findWorkspace(db, organizationId, item.workspace_id);
    if (ws && ws.status === 'active') named.push({ workspace_id: ws.id, name: ws.name, role: item.role });
  }
  return named;
}

/**
 * GET /auth/invitations/preview?token=…: what the link offers, for its holder, with or without a
 * session. A forged token is a 404; an old link that inviting again replaced says `replaced`.
 */
export async function previewInvitation(ctx: ServiceDeps, token: string) {
  const now = ctx.clock.now();
  const found = await findByLink(ctx.db, sha256Hex(token));
  if (!found) throw invitationNotFound();
  const inviter = found.invited_by ? await findUserById(ctx.db, found.invited_by) : undefined;
  return {
    id: found.id,
    status: linkStatus(found, now),
    email: found.email,
    organization: { id: found.organization_id, name: found.org_name, slug: found.org_slug },
    invited_by: inviter ? { name: inviter.name, email: inviter.email } : null,
    role: found.role,
    workspaces: await namedWorkspaces(ctx.db, found.organization_id, parseJson<InvitedRole[]>(found.workspaces, [])),
    account_exists: (await findUserByEmail(ctx.db, found.email)) !== undefined,
    created_at: found.created_at,
    expires_at: found.expires_at,
  };
}
