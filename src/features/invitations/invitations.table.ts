import type { OrgRole } from '../../lib/roles.js';

/**
 * An offer to join an organization, addressed to an e-mail address (stored normalised). It is
 * open until accepted, declined or revoked, and usable until `expires_at`.
 */
export interface InvitationsTable {
  id: string;
  organization_id: string;
  email: string;
  role: OrgRole;
  /** JSON array of {workspace_id, role} requested for the invitee */
  workspaces: string;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_by: string | null;
  declined_at: string | null;
  revoked_at: string | null;
  /** SHA-256 of the secret in the invitation link; null for invitations made before links existed */
  token_hash: string | null;
}

/** One row per invitation mail (new or refreshed), kept a day, for the daily cap (docs/decisions.md D57). */
export interface InvitationMailsTable {
  organization_id: string;
  sent_at: string;
}

/**
 * The hash of each link an invitation had before inviting again replaced it (docs/decisions.md D63):
 * the old link's holder is told it was replaced, not that it never existed. No secret: a hash.
 */
export interface InvitationReplacedLinksTable {
  token_hash: string;
  invitation_id: string;
  replaced_at: string;
}
