import { Type, type Static } from 'typebox';
import { PageQuery } from '../../http/pagination.js';
import { ORG_ROLES, WORKSPACE_ROLES, type WorkspaceRole as WorkspaceRoleName } from '../../lib/roles.js';

const OrgRole = Type.Enum(ORG_ROLES);
const WorkspaceRole = Type.Enum(WORKSPACE_ROLES);
const InvitedWorkspace = Type.Object({ workspace_id: Type.String(), role: WorkspaceRole });
const Status = Type.Enum(['pending', 'accepted', 'declined', 'revoked', 'expired'], {
  description: 'pending until accepted, declined, revoked or past expires_at.',
});

export const Invitation = Type.Object(
  {
    id: Type.String({ examples: ['inv_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    email: Type.String({ description: 'The invited address, normalised (trimmed, lower-case).' }),
    role: OrgRole,
    workspaces: Type.Array(InvitedWorkspace, { description: 'Workspace roles the invitee gets on acceptance.' }),
    status: Status,
    invited_by: Type.Union([Type.String(), Type.Null()], { description: 'The user who invited (or last re-invited).' }),
    created_at: Type.String(),
    expires_at: Type.String(),
    accepted_at: Type.Union([Type.String(), Type.Null()]),
    declined_at: Type.Union([Type.String(), Type.Null()]),
    revoked_at: Type.Union([Type.String(), Type.Null()]),
  },
  { title: 'Invitation' },
);

export const CreatedInvitation = Type.Object(
  {
    ...Invitation.properties,
    invitation_url: Type.String({
      'x-secret': true,
      description:
        'The link the invitee follows (also e-mailed to them). Shown only here: only its hash is stored, and inviting again mints a new one. For admins without e-mail delivery: copy it to the invitee.',
    }),
  },
  { title: 'CreatedInvitation' },
);

export const InvitationLinkBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200, description: 'The `token` of the invitation link.' }) },
  { title: 'InvitationLinkRequest', additionalProperties: false },
);

/** What the invitee sees: which organization, what it would get; not who else was invited. */
export const ReceivedInvitation = Type.Object(
  {
    id: Type.String({ examples: ['inv_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    organization: Type.Object({ id: Type.String(), name: Type.String(), slug: Type.String() }),
    email: Type.String(),
    role: OrgRole,
    workspaces: Type.Array(InvitedWorkspace),
    status: Status,
    created_at: Type.String(),
    expires_at: Type.String(),
  },
  { title: 'ReceivedInvitation' },
);

export const InvitationParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
export const InvitationListQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });
export type InvitationListQuery = Static<typeof InvitationListQuery>;

export type InvitedRole = { workspace_id: string; role: WorkspaceRoleName };
